import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pLimit from 'p-limit'
import { ApiClient } from '../core/api/client.ts'
import { createFolder, type SandboxRef, servedRanges } from '../sandbox/testing/api-calls.ts'
import { timeCommand } from './lib/child.ts'
import { round } from './lib/stats.ts'

/**
 * `filedock verify` of FILES files (default mode) as the user runs it (the built bin, a process), beside what a
 * user without it does to be as sure: download every file again (`xargs -P 3` of direct_link + curl GET each),
 * in the same run against the same sandbox process. Time from spawn to exit; bytes read as the sandbox's file
 * server counted them (GET /sandbox/downloads), so neither side measures itself.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const bin = join(root, 'bin', 'filedock.mjs')
const FILES = 1000
const MiB = 2 ** 20

/** direct_link, then the whole file to /dev/null: the JSON picked apart with shell expansion only. */
const SCRIPT = `#!/bin/sh
set -eu
a=$(curl -sS --fail "$BASE/api/file/direct_link?key=$KEY&file_code=$1")
url=\${a#*\\"url\\":\\"}; url=\${url%%\\"*}
curl -sS --fail -o /dev/null "$url"
`

export async function benchVerify(sandbox: SandboxRef, work: string, fileMiB: number) {
  execFileSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs'), '--if-stale'], { stdio: 'inherit' })
  const dir = join(work, 'verify-src')
  await mkdir(dir, { recursive: true })
  const fldId = await createFolder(sandbox, 'verify')
  const client = new ApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
  const limit = pLimit(4)
  const codes: string[] = []
  try {
    await Promise.all(
      Array.from({ length: FILES }, (_, i) =>
        limit(async () => {
          const path = join(dir, `f${String(i).padStart(4, '0')}.bin`)
          await writeFile(path, randomBytes(fileMiB * MiB))
          const { fileCode } = await client.upload(path)
          await client.fileSetFolder(fileCode, fldId)
          codes.push(fileCode)
        }),
      ),
    )
  } finally {
    await client.close()
  }
  const served = async () => {
    const s = await servedRanges(sandbox, { clear: true })
    return Object.values(s.files)
      .flat()
      .reduce((n, r) => n + r.sent, 0)
  }
  await served()

  const env = { FILEDOCK_BASE_URL: sandbox.baseUrl, FILEDOCK_API_KEY: sandbox.apiKey }
  const verify = await timeCommand(
    process.execPath,
    [bin, 'verify', dir, '--fld_id', String(fldId), '--json'],
    env,
  )
  const lines = verify.stdout.trim().split('\n')
  const same = lines.filter((l) => (JSON.parse(l) as { status: string }).status === 'same').length
  if (same !== FILES) throw new Error(`verify found ${same} of ${FILES} files the same`)
  const verifyBytes = await served()

  const script = join(work, 'download-one.sh')
  await writeFile(script, SCRIPT, { mode: 0o755 })
  const started = performance.now()
  const child = spawn('xargs', ['-n', '1', '-P', '3', 'sh', script], {
    stdio: ['pipe', 'ignore', 'inherit'],
    env: { ...process.env, BASE: sandbox.baseUrl, KEY: sandbox.apiKey },
  })
  child.stdin.end(codes.join('\n'))
  const exit = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (exit !== 0) throw new Error(`the curl baseline failed (xargs exit code ${exit})`)
  const curlMs = performance.now() - started
  const curlBytes = await served()

  return {
    files: FILES,
    fileMiB,
    verifyMs: Math.round(verify.ms),
    verifyMiBRead: round(verifyBytes / MiB, 1),
    verifyPeakRssMiB: round(verify.maxRssMiB, 1),
    curlRedownloadMs: Math.round(curlMs),
    curlMiBRead: round(curlBytes / MiB, 1),
    speedup: round(curlMs / verify.ms),
  }
}
