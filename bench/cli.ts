import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SandboxRef } from '../sandbox/testing/api-calls.ts'
import { type TimedRun, timeCommand } from './lib/child.ts'
import { type CurlUpload, curlUploadOne } from './lib/curl-baseline.ts'
import { makeFile } from './lib/files.ts'
import { median, round } from './lib/stats.ts'

/**
 * The installed command as users run it (`node bin/filedock.mjs`, the built bundle, a new process each time)
 * side by side with curl in the same run, against a sandbox process. Wall time from spawn to exit; peak RSS
 * from GNU time (`/usr/bin/time -f %M`, the kernel's maxrss of the child), so nothing of ours measures itself.
 *
 * The 1 GiB upload is `filedock upload --force FILE` (its whole process: start, queue, upload, landing check,
 * link pack, exit) against curl timed two ways in the same curl run (bench/lib/curl-baseline.ts):
 *  - withServerCall: curl's upload/server call (a curl process of its own) and the `curl -F` POST, timed from
 *    the first spawn to the POST's exit;
 *  - postOnly: the `curl -F` POST alone, spawn to exit; the upload/server call was made before its timing.
 * Rounds alternate which of filedock and curl goes first, so both see the same machine load; the ratios are of
 * medians, and the load average is given from before and after.
 *
 * What each side pays whatever the size is measured the same way with a 1 KiB file (fixedCost): node's start, the
 * bundle, the queue's journal, the listing and the landing check against curl's two processes. Its difference over
 * the 1 GiB time is how much of the ratio the start and the end of a run take, apart from the body.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const bin = join(root, 'bin', 'filedock.mjs')

const MANY_FILES = 300
const FIXED_COST_ROUNDS = 11

const MiBps = (bytes: number, ms: number) => bytes / 2 ** 20 / (ms / 1000)

/**
 * `filedock upload FILE` with a fresh state folder: the whole command (start, queue, upload, landing check).
 * `force`: send it even when a file of that name and size is already in the folder (--force), as users do to
 * upload the same file again.
 */
function cliUpload(sandbox: SandboxRef, path: string, data: string, force = false): Promise<TimedRun> {
  const args = [bin, 'upload', path, '--json', '--data', data, ...(force ? ['--force'] : [])]
  return timeCommand(process.execPath, args, {
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
  // NODE_EXTRA_CA_CERTS (set on some machines, CI images among them) makes node ≤ 22 read and parse that
  // certificate file before any JavaScript runs, in every process: a bare start without it tells that cost apart.
  const extraCa = process.env.NODE_EXTRA_CA_CERTS
  const bareNodeNoExtraCa: number[] = []
  // spawn leaves out a variable whose value is undefined.
  const noExtraCa = { NODE_EXTRA_CA_CERTS: undefined }
  for (let i = 0; i < 21; i++) {
    version.push((await timeCommand(process.execPath, [bin, '--version'])).ms)
    const bare = await timeCommand(process.execPath, ['-e', '0'])
    bareNode.push(bare.ms)
    bareNodeRss.push(bare.maxRssMiB)
    if (extraCa) bareNodeNoExtraCa.push((await timeCommand(process.execPath, ['-e', '0'], noExtraCa)).ms)
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

  const dir = join(work, 'cli-upload')
  await mkdir(dir, { recursive: true })
  const big = join(dir, 'one-gib.bin')
  const small = join(dir, 'small.bin')
  await makeFile(big, 1024)
  await makeFile(small, 128)
  const cli: TimedRun[] = []
  const curl: CurlUpload[] = []
  const loadBefore = loadavg()
  for (let i = 0; i < rounds; i++) {
    const runCli = async () => {
      cli.push(await cliUpload(sandbox, big, join(dir, `state-${i}`), true))
    }
    const runCurl = async () => {
      curl.push(await curlUploadOne(sandbox.baseUrl, sandbox.apiKey, big))
    }
    for (const run of i % 2 === 0 ? [runCli, runCurl] : [runCurl, runCli]) await run()
  }
  const loadAfter = loadavg()
  const tiny = join(dir, 'one-kib.bin')
  await writeFile(tiny, randomBytes(1024))
  const cliTiny: number[] = []
  const curlTiny: CurlUpload[] = []
  for (let i = 0; i < FIXED_COST_ROUNDS; i++) {
    const runCli = async () => {
      cliTiny.push((await cliUpload(sandbox, tiny, join(dir, `state-tiny-${i}`), true)).ms)
    }
    const runCurl = async () => {
      curlTiny.push(await curlUploadOne(sandbox.baseUrl, sandbox.apiKey, tiny))
    }
    for (const run of i % 2 === 0 ? [runCli, runCurl] : [runCurl, runCli]) await run()
  }
  const smallRun = await cliUpload(sandbox, small, join(dir, 'state-small'))
  // Many small files: the engine's own allocations, not the body's, are what a long queue run holds.
  const many = join(dir, 'many')
  await mkdir(many)
  for (let i = 0; i < MANY_FILES; i++) await writeFile(join(many, `f${i}.bin`), randomBytes(10 * 1024))
  const manyRun = await cliUpload(sandbox, many, join(dir, 'state-many'))
  await rm(dir, { recursive: true, force: true })

  const bytes = 2 ** 30
  const cliMs = median(cli.map((r) => r.ms))
  const cliMiBps = MiBps(bytes, cliMs)
  const curlWay = (ms: number) => ({
    curlMedianMs: round(ms),
    curlMiBps: round(MiBps(bytes, ms)),
    ratio: round(cliMiBps / MiBps(bytes, ms), 3),
  })
  const rss1GiB = Math.max(...cli.map((r) => r.maxRssMiB))
  const fixedCli = median(cliTiny)
  const fixedOver = (curlMs: number) => ({
    overCurlMs: round(fixedCli - curlMs),
    // The part of the 1 GiB upload's time the fixed cost over curl takes: the ratio's shortfall it explains.
    shareOf1GiBTime: round((fixedCli - curlMs) / cliMs, 3),
  })
  return {
    command: 'node bin/filedock.mjs (built bundle)',
    versionStartMedianMs: round(median(version)),
    bareNodeStartMedianMs: round(median(bareNode)),
    ...(extraCa ? { bareNodeStartWithoutNodeExtraCaCertsMedianMs: round(median(bareNodeNoExtraCa)) } : {}),
    versionOverBareNodeMs: round(median(version) - median(bareNode)),
    versionTarget: '< 150 ms median',
    accountInfoMedianMs: round(median(info)),
    curlAccountInfoMedianMs: round(median(curlInfo)),
    upload1GiB: {
      command: 'filedock upload --force FILE (whole process) vs curl, alternating',
      rounds,
      loadAverage1mBeforeAfter: [round(loadBefore[0] ?? 0, 2), round(loadAfter[0] ?? 0, 2)],
      cliMedianMs: round(cliMs),
      cliMiBps: round(cliMiBps),
      curlWithServerCall: {
        timed: 'curl upload/server + curl -F POST, first spawn to the POST exit',
        ...curlWay(median(curl.map((r) => r.withServerCallMs))),
      },
      curlPostOnly: {
        timed: 'curl -F POST alone, spawn to exit (upload/server called before the timing starts)',
        ...curlWay(median(curl.map((r) => r.postOnlyMs))),
      },
      target: '≥ 0.95 of curl -F, both ways',
      fixedCost: {
        command: `the same, with a 1 KiB file (median of ${FIXED_COST_ROUNDS}, alternating)`,
        cliMedianMs: round(fixedCli),
        curlWithServerCall: {
          curlMedianMs: round(median(curlTiny.map((r) => r.withServerCallMs))),
          ...fixedOver(median(curlTiny.map((r) => r.withServerCallMs))),
        },
        curlPostOnly: {
          curlMedianMs: round(median(curlTiny.map((r) => r.postOnlyMs))),
          ...fixedOver(median(curlTiny.map((r) => r.postOnlyMs))),
        },
      },
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
