import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { link, mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SandboxRef } from '../sandbox/testing/api-calls.ts'
import { type TimedRun, timeCommand } from './lib/child.ts'
import { curlUploadOne } from './lib/curl-baseline.ts'
import { makeFile } from './lib/files.ts'
import { median, round } from './lib/stats.ts'

/**
 * The installed command as users run it (`node bin/filedock.mjs`, the built bundle, a new process each time)
 * side by side with curl in the same run, against a sandbox process. Wall time from spawn to exit; peak RSS
 * from GNU time (`/usr/bin/time -f %M`, the kernel's maxrss of the child), so nothing of ours measures itself.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const bin = join(root, 'bin', 'filedock.mjs')

const MANY_FILES = 300

const MiBps = (bytes: number, ms: number) => bytes / 2 ** 20 / (ms / 1000)

/** `filedock upload FILE` with a fresh state folder: the whole command (start, queue, upload, landing check). */
function cliUpload(sandbox: SandboxRef, path: string, data: string): Promise<TimedRun> {
  return timeCommand(process.execPath, [bin, 'upload', path, '--json', '--data', data], {
    FILEDOCK_BASE_URL: sandbox.baseUrl,
    FILEDOCK_API_KEY: sandbox.apiKey,
  })
}

export async function benchCli(sandbox: SandboxRef, work: string, rounds: number) {
  execFileSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs'), '--if-stale'], { stdio: 'inherit' })
  const env = { FILEDOCK_BASE_URL: sandbox.baseUrl, FILEDOCK_API_KEY: sandbox.apiKey }

  // Start-up: --version next to a bare `node -e 0`, alternating so both see the same machine load.
  const version: number[] = []
  const bareNode: number[] = []
  const bareNodeRss: number[] = []
  for (let i = 0; i < 21; i++) {
    version.push((await timeCommand(process.execPath, [bin, '--version'])).ms)
    const bare = await timeCommand(process.execPath, ['-e', '0'])
    bareNode.push(bare.ms)
    bareNodeRss.push(bare.maxRssMiB)
  }

  const info: number[] = []
  const curlInfo: number[] = []
  for (let i = 0; i < 11; i++) {
    info.push((await timeCommand(process.execPath, [bin, 'api', 'account/info'], env)).ms)
    curlInfo.push(
      (
        await timeCommand('curl', [
          '-sS',
          '--fail',
          '-o',
          '/dev/null',
          `${sandbox.baseUrl}/api/account/info?key=${sandbox.apiKey}`,
        ])
      ).ms,
    )
  }

  // Each round uploads a hard link with its own name: the queue skips a file already on the host by name and
  // size, which would measure nothing.
  const dir = join(work, 'cli-upload')
  await mkdir(dir, { recursive: true })
  const big = join(dir, 'one-gib.bin')
  const small = join(dir, 'small.bin')
  await makeFile(big, 1024)
  await makeFile(small, 128)
  const cli: TimedRun[] = []
  const curl: { ms: number; maxRssMiB: number }[] = []
  for (let i = 0; i < rounds; i++) {
    const named = join(dir, `round-${i}.bin`)
    await link(big, named)
    cli.push(await cliUpload(sandbox, named, join(dir, `state-${i}`)))
    curl.push(await curlUploadOne(sandbox.baseUrl, sandbox.apiKey, big))
    await rm(named)
  }
  const smallRun = await cliUpload(sandbox, small, join(dir, 'state-small'))
  // Many small files: the engine's own allocations, not the body's, are what a long queue run holds.
  const many = join(dir, 'many')
  await mkdir(many)
  for (let i = 0; i < MANY_FILES; i++) await writeFile(join(many, `f${i}.bin`), randomBytes(10 * 1024))
  const manyRun = await cliUpload(sandbox, many, join(dir, 'state-many'))
  await rm(dir, { recursive: true, force: true })

  const bytes = 2 ** 30
  const cliMiBps = MiBps(bytes, median(cli.map((r) => r.ms)))
  const curlMiBps = MiBps(bytes, median(curl.map((r) => r.ms)))
  const rss1GiB = Math.max(...cli.map((r) => r.maxRssMiB))
  return {
    command: 'node bin/filedock.mjs (built bundle)',
    versionStartMedianMs: round(median(version)),
    bareNodeStartMedianMs: round(median(bareNode)),
    versionOverBareNodeMs: round(median(version) - median(bareNode)),
    versionTarget: '< 150 ms median',
    accountInfoMedianMs: round(median(info)),
    curlAccountInfoMedianMs: round(median(curlInfo)),
    upload1GiB: {
      rounds,
      cliMedianMs: round(median(cli.map((r) => r.ms))),
      curlMedianMs: round(median(curl.map((r) => r.ms))),
      cliMiBps: round(cliMiBps),
      curlMiBps: round(curlMiBps),
      ratio: round(cliMiBps / curlMiBps, 3),
      target: '≥ 0.95 of curl -F',
    },
    peakRssMiB: {
      upload128MiB: round(smallRun.maxRssMiB),
      upload1GiB: round(rss1GiB),
      growth: round(rss1GiB - smallRun.maxRssMiB),
      [`upload${MANY_FILES}Files10KiB`]: round(manyRun.maxRssMiB),
      curl1GiB: round(Math.max(...curl.map((r) => r.maxRssMiB))),
      // What any node process takes on this machine before a line of ours runs.
      bareNode: round(median(bareNodeRss)),
      target: '< 80 MiB, flat',
    },
  }
}
