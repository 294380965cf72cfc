import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { link, mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SandboxRef } from '../sandbox/testing/api-calls.ts'
import { runJson } from './lib/child.ts'
import { curlPerFile, curlUploadOne } from './lib/curl-baseline.ts'
import { makeFile } from './lib/files.ts'
import { round } from './lib/stats.ts'

const bin = fileURLToPath(new URL('../bin/filedock.mjs', import.meta.url))
const KiB = 1024

/** A fresh sandbox account per measurement, so one run's files never slow another's listings. */
async function newAccount(sandbox: SandboxRef, email: string): Promise<SandboxRef> {
  const url = `${sandbox.baseUrl}/sandbox/account/create?key=${sandbox.apiKey}&email=${encodeURIComponent(email)}`
  const body = (await (await fetch(url)).json()) as { result: { key: string } }
  return { baseUrl: sandbox.baseUrl, apiKey: body.result.key }
}

async function smallFiles(dir: string, n: number, size: number): Promise<string[]> {
  await mkdir(dir, { recursive: true })
  const paths: string[] = []
  for (let i = 0; i < n; i++) {
    const path = join(dir, `f${String(i).padStart(5, '0')}.bin`)
    await writeFile(path, randomBytes(size))
    paths.push(path)
  }
  return paths
}

/** `filedock upload DIR --concurrency 3` as a user runs it (process start included); resolves with ms. */
async function cliUpload(account: SandboxRef, dir: string, data: string, files: number): Promise<number> {
  const started = performance.now()
  const child = spawn(
    process.execPath,
    [bin, 'upload', dir, '--concurrency', '3', '--json', '--data', data],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: {
        ...process.env,
        FILEDOCK_BASE_URL: account.baseUrl,
        FILEDOCK_API_KEY: account.apiKey,
        FILEDOCK_DATA_DIR: join(data, 'app'),
      },
    },
  )
  let done = 0
  let rest = ''
  child.stdout.on('data', (c: Buffer) => {
    const lines = (rest + c.toString()).split('\n')
    rest = lines.pop() ?? ''
    for (const l of lines) if (l.includes('"state":"done"')) done++
  })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0 || done !== files) throw new Error(`filedock upload: exit ${code}, ${done} of ${files} done`)
  return performance.now() - started
}

/** (a) 2,000 files of 10 KiB: the queue (the CLI) vs a curl script making the calls, both 3 at a time. */
async function manySmallFiles(sandbox: SandboxRef, work: string) {
  const n = 2000
  const dir = join(work, 'small', 'batch')
  const files = await smallFiles(dir, n, 10 * KiB)
  const queueAccount = await newAccount(sandbox, 'queue@bench.local')
  const queueMs = await cliUpload(queueAccount, dir, join(work, 'cli-data'), n)

  const curlAccount = await newAccount(sandbox, 'curl@bench.local')
  const folder = (await (
    await fetch(`${sandbox.baseUrl}/api/folder/create?key=${curlAccount.apiKey}&name=batch&parent_id=0`)
  ).json()) as { result: { fld_id: number | string } }
  const curlMs = await curlPerFile(work, files, {
    ...curlAccount,
    fldId: Number(folder.result.fld_id),
    concurrency: 3,
  })
  const queueFps = n / (queueMs / 1000)
  const curlFps = n / (curlMs / 1000)
  return {
    files: n,
    fileKiB: 10,
    concurrency: 3,
    queueMs: round(queueMs),
    curlMs: round(curlMs),
    queueFilesPerSec: round(queueFps, 1),
    curlFilesPerSec: round(curlFps, 1),
    ratio: round(queueFps / curlFps, 3),
    note: 'queue = `filedock upload DIR` incl. process start; curl = upload/server + POST + set_folder per file',
    target: 'ratio > 1',
  }
}

const MiBps = (bytes: number, ms: number) => bytes / 2 ** 20 / (ms / 1000)

/** (b) four large files at once through the engine vs four concurrent `curl -F`; the engine's peak RSS. */
async function fourLarge(sandbox: SandboxRef, work: string, sizeMiB: number) {
  const paths = await fourNames(join(work, 'large'), 'large', sizeMiB)
  const bytes = 4 * sizeMiB * 2 ** 20
  // The same four transfers at once with 16 MiB files: the RSS a size-independent (streaming) engine stays at.
  const small = await engineUpload(
    sandbox,
    work,
    'rss-small',
    await fourNames(join(work, 'rss'), 'small', 16),
    4,
  )
  const engine = await engineUpload(sandbox, work, 'four-large', paths, 4)
  const curlStarted = performance.now()
  await Promise.all(paths.map((p) => curlUploadOne(sandbox.baseUrl, sandbox.apiKey, p)))
  const curlMs = performance.now() - curlStarted
  const engineMiBps = MiBps(bytes, engine.ms)
  const curlMiBps = MiBps(bytes, curlMs)
  return {
    files: 4,
    fileMiB: sizeMiB,
    engineMs: round(engine.ms),
    curlMs: round(curlMs),
    engineMiBps: round(engineMiBps),
    curlMiBps: round(curlMiBps),
    ratio: round(engineMiBps / curlMiBps, 3),
    enginePeakRssMiB: round(engine.maxRssMiB, 1),
    enginePeakRssMiBFour16MiB: round(small.maxRssMiB, 1),
    rssGrowthMiB: round(engine.maxRssMiB - small.maxRssMiB, 1),
    target: 'ratio ≥ 0.9; RSS flat (growth < 64 MiB)',
  }
}

/** One file of `sizeMiB` under four names (hard links: the queue never runs two same-named uploads at once). */
async function fourNames(dir: string, stem: string, sizeMiB: number): Promise<string[]> {
  await mkdir(dir, { recursive: true })
  const first = join(dir, `${stem}-1.bin`)
  await makeFile(first, sizeMiB)
  const paths = [first]
  for (let i = 2; i <= 4; i++) {
    const path = join(dir, `${stem}-${i}.bin`)
    await link(first, path)
    paths.push(path)
  }
  return paths
}

interface EngineRun {
  ms: number
  done: number
  failed: number
  maxRssMiB: number
}

async function engineUpload(
  sandbox: SandboxRef,
  work: string,
  name: string,
  paths: string[],
  concurrency: number,
) {
  const r = await runJson<EngineRun>(
    'bench/queue-engine.ts',
    ['upload', '--data', join(work, name), '--concurrency', String(concurrency), ...paths],
    { FILEDOCK_BASE_URL: sandbox.baseUrl, FILEDOCK_API_KEY: sandbox.apiKey },
  )
  if (r.done !== paths.length) throw new Error(`engine upload ${name}: ${r.done} of ${paths.length} done`)
  return r
}

/** (c) enqueueing 10,000 paths with the queue paused: a folder of 10,000 files, and 10,000 file paths. */
async function enqueueTen(sandbox: SandboxRef, work: string) {
  const dir = join(work, 'ten-thousand')
  await smallFiles(dir, 10_000, 64)
  const r = await runJson<{ folderMs: number; pathsMs: number; folderItems: number; pathItems: number }>(
    'bench/queue-engine.ts',
    ['enqueue', '--data', join(work, 'enqueue-data'), '--folder', dir],
    { FILEDOCK_BASE_URL: sandbox.baseUrl, FILEDOCK_API_KEY: sandbox.apiKey },
  )
  if (r.folderItems !== 10_000 || r.pathItems !== 10_000) throw new Error(`enqueue: ${JSON.stringify(r)}`)
  return { items: 10_000, folderMs: round(r.folderMs), pathsMs: round(r.pathsMs), target: '< 1000 ms each' }
}

export async function benchQueue(sandbox: SandboxRef, work: string, largeMiB = 1024) {
  return {
    smallFiles2000: await manySmallFiles(sandbox, work),
    fourLargeUploads: await fourLarge(sandbox, work, largeMiB),
    enqueue10000: await enqueueTen(sandbox, work),
  }
}
