import { join } from 'node:path'
import type { SandboxRef } from '../sandbox/testing/api-calls.ts'
import { runJson } from './lib/child.ts'
import { curlUploadOne } from './lib/curl-baseline.ts'
import { makeFile } from './lib/files.ts'
import { median, round } from './lib/stats.ts'

interface ClientRun {
  ms: number
  bytes: number
  maxRssMiB: number
  baseRssMiB: number
}

const clientUpload = (sandbox: SandboxRef, path: string) =>
  runJson<ClientRun>('bench/upload-once.ts', [path], {
    FILEDOCK_BASE_URL: sandbox.baseUrl,
    FILEDOCK_API_KEY: sandbox.apiKey,
  })

const MiBps = (bytes: number, ms: number) => bytes / 2 ** 20 / (ms / 1000)

/** 1 GiB through the client vs curl, alternating, `rounds` times each; the ratio is of medians. */
export async function benchThroughput(sandbox: SandboxRef, dir: string, rounds: number) {
  const path = join(dir, 'one-gib.bin')
  await makeFile(path, 1024)
  const bytes = 2 ** 30
  const client: number[] = []
  const curl: number[] = []
  for (let i = 0; i < rounds; i++) {
    client.push((await clientUpload(sandbox, path)).ms)
    curl.push((await curlUploadOne(sandbox.baseUrl, sandbox.apiKey, path)).withServerCallMs)
  }
  const clientMiBps = MiBps(bytes, median(client))
  const curlMiBps = MiBps(bytes, median(curl))
  return {
    rounds,
    clientMedianMs: round(median(client)),
    curlMedianMs: round(median(curl)),
    clientMiBps: round(clientMiBps),
    curlMiBps: round(curlMiBps),
    ratio: round(clientMiBps / curlMiBps, 3),
    target: '≥ 0.9',
  }
}

/** Peak RSS of the uploading process for a 256 MiB and a 2 GiB file: flat means streaming. */
export async function benchMemory(sandbox: SandboxRef, dir: string) {
  const small = join(dir, 'small.bin')
  const large = join(dir, 'large.bin')
  await makeFile(small, 256)
  await makeFile(large, 2048)
  const a = await clientUpload(sandbox, small)
  const b = await clientUpload(sandbox, large)
  return {
    peakRssMiB256: round(a.maxRssMiB, 1),
    peakRssMiB2048: round(b.maxRssMiB, 1),
    growthMiB: round(b.maxRssMiB - a.maxRssMiB, 1),
    target: '< 64 MiB',
  }
}
