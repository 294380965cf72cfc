import { execFileSync, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PART_SUFFIX } from '../core/download/work-files.ts'
import type { ServedRange } from '../sandbox/served-ranges.ts'
import { apiGet, createFolder, type SandboxRef, servedRanges } from '../sandbox/testing/api-calls.ts'
import { type TimedRun, timeCommand } from './lib/child.ts'
import {
  type CurlDownload,
  curlDownloadOne,
  curlDownloadPerFile,
  curlPerFile,
  curlUploadOne,
} from './lib/curl-baseline.ts'
import { makeFile } from './lib/files.ts'
import { median, round } from './lib/stats.ts'

/**
 * `filedock download` as users run it (`node bin/filedock.mjs`, the built bundle, a new process with a fresh state
 * folder each time) side by side with curl in the same run, against a sandbox process; rounds alternate which goes
 * first. Wall time from spawn to exit, peak RSS from GNU time, as bench/cli.ts does for uploads.
 *
 * - 1 GiB: `filedock download CODE --to DIR` (start, file/info, direct_link, GET, rename into place, exit) against
 *   curl timed two ways in one curl run (bench/lib/curl-baseline.ts): withLinkCall (a curl process for
 *   file/direct_link, then `curl -o`, first spawn to the GET's exit) and getOnly (`curl -o` alone).
 * - 2,000 files of 10 KiB in one folder: `filedock download --fld_id N --to DIR` against `xargs -P 3` of a script
 *   doing file/direct_link + `curl -o` per file (the codes handed to xargs, listed before its timing starts).
 * - kill -9 once the work file holds half of 1 GiB, then the same command again: what the sandbox's file server
 *   sent (GET /sandbox/downloads) beyond one copy of each byte.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const bin = join(root, 'bin', 'filedock.mjs')

const GiB = 2 ** 30
const MiB = 2 ** 20
const SMALL_FILES = 2000
const CONCURRENCY = 3

const MiBps = (bytes: number, ms: number) => bytes / MiB / (ms / 1000)

function downloadArgs(what: string[], to: string, data: string): string[] {
  return [bin, 'download', ...what, '--to', to, '--json', '--data', data]
}

/** Every regular file under `dir` (the work files too), with its size. */
async function filesUnder(dir: string): Promise<{ path: string; size: number }[]> {
  const out: { path: string; size: number }[] = []
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    out.push({ path, size: (await stat(path)).size })
  }
  return out
}

/** The run left exactly `count` files of `size` bytes, no work file: else its figures mean nothing. */
async function expectWhole(dir: string, count: number, size: number, who: string): Promise<void> {
  const files = await filesUnder(dir)
  const whole = files.filter((f) => f.size === size && !f.path.includes(PART_SUFFIX))
  if (whole.length !== count || files.length !== count)
    throw new Error(`${who} left ${files.length} files, ${whole.length} whole, in ${dir}; expected ${count}`)
}

/** Bytes sent more than once: the sum of what each GET sent, less the union of the byte ranges it covered. */
export function bytesSentTwice(served: readonly ServedRange[]): { sent: number; twice: number } {
  const spans = served
    .filter((r) => r.method === 'GET' && r.start !== null && r.sent > 0)
    .map((r) => [r.start as number, (r.start as number) + r.sent] as const)
    .sort((a, b) => a[0] - b[0])
  let sent = 0
  let union = 0
  let reach = 0
  for (const [from, to] of spans) {
    sent += to - from
    if (to > reach) {
      union += to - Math.max(from, reach)
      reach = to
    }
  }
  return { sent, twice: sent - union }
}

async function oneGiB(sandbox: SandboxRef, dir: string, rounds: number) {
  const env = { FILEDOCK_BASE_URL: sandbox.baseUrl, FILEDOCK_API_KEY: sandbox.apiKey }
  const src = join(dir, 'src')
  await mkdir(src, { recursive: true })
  await makeFile(join(src, 'one-gib.bin'), 1024)
  await makeFile(join(src, 'small.bin'), 128)
  await writeFile(join(src, 'tiny.bin'), randomBytes(1024))
  const big = (await curlUploadOne(sandbox.baseUrl, sandbox.apiKey, join(src, 'one-gib.bin'))).fileCode
  const small = (await curlUploadOne(sandbox.baseUrl, sandbox.apiKey, join(src, 'small.bin'))).fileCode
  const tiny = (await curlUploadOne(sandbox.baseUrl, sandbox.apiKey, join(src, 'tiny.bin'))).fileCode
  await rm(src, { recursive: true, force: true })

  const cli: TimedRun[] = []
  const curl: CurlDownload[] = []
  const loadBefore = loadavg()
  for (let i = 0; i < rounds; i++) {
    const runCli = async () => {
      const to = join(dir, `cli-${i}`)
      cli.push(await timeCommand(process.execPath, downloadArgs([big], to, join(dir, `state-${i}`)), env))
      await expectWhole(to, 1, GiB, 'filedock download')
      await rm(to, { recursive: true, force: true })
    }
    const runCurl = async () => {
      const to = join(dir, `curl-${i}`)
      await mkdir(to)
      curl.push(await curlDownloadOne(sandbox.baseUrl, sandbox.apiKey, big, join(to, 'one-gib.bin')))
      await expectWhole(to, 1, GiB, 'curl -o')
      await rm(to, { recursive: true, force: true })
    }
    for (const run of i % 2 === 0 ? [runCli, runCurl] : [runCurl, runCli]) await run()
  }
  const loadAfter = loadavg()
  const smallTo = join(dir, 'cli-small')
  const smallRun = await timeCommand(
    process.execPath,
    downloadArgs([small], smallTo, join(dir, 'state-small')),
    env,
  )
  await expectWhole(smallTo, 1, 128 * MiB, 'filedock download')
  await rm(smallTo, { recursive: true, force: true })
  // 1 KiB: what the process costs before any byte streams (start, the queue, the API client), for the growth.
  const tinyTo = join(dir, 'cli-tiny')
  const tinyRun = await timeCommand(
    process.execPath,
    downloadArgs([tiny], tinyTo, join(dir, 'state-tiny')),
    env,
  )
  await expectWhole(tinyTo, 1, 1024, 'filedock download')
  await rm(tinyTo, { recursive: true, force: true })

  const cliMs = median(cli.map((r) => r.ms))
  const cliMiBps = MiBps(GiB, cliMs)
  const curlWay = (ms: number) => ({
    curlMedianMs: round(ms),
    curlMiBps: round(MiBps(GiB, ms)),
    ratio: round(cliMiBps / MiBps(GiB, ms), 3),
  })
  const rss1GiB = Math.max(...cli.map((r) => r.maxRssMiB))
  return {
    code: big,
    throughput: {
      command: 'filedock download CODE --to DIR (whole process) vs curl -o, alternating',
      rounds,
      loadAverage1mBeforeAfter: [round(loadBefore[0] ?? 0, 2), round(loadAfter[0] ?? 0, 2)],
      cliMs: cli.map((r) => round(r.ms)),
      cliMedianMs: round(cliMs),
      cliMiBps: round(cliMiBps),
      curlWithLinkCall: {
        timed: 'curl file/direct_link + curl -o GET, first spawn to the GET exit',
        ...curlWay(median(curl.map((r) => r.withLinkCallMs))),
      },
      curlGetOnly: {
        timed: 'curl -o GET alone, spawn to exit (file/direct_link called before the timing starts)',
        ...curlWay(median(curl.map((r) => r.getOnlyMs))),
      },
      curlGetThenSync: {
        timed: 'curl -o GET then sync FILE (on disk, as filedock leaves it), spawn to sync exit',
        ...curlWay(median(curl.map((r) => r.getThenSyncMs))),
      },
      target: '≥ 0.95 of curl -o, both ways (and of curl -o && sync, the same guarantee)',
    },
    peakRssMiB: {
      download1KiB: round(tinyRun.maxRssMiB),
      download128MiB: round(smallRun.maxRssMiB),
      download1GiB: round(rss1GiB),
      growth: round(rss1GiB - smallRun.maxRssMiB),
      curl1GiB: round(Math.max(...curl.map((r) => r.maxRssMiB))),
      target: '< 80 MiB, flat',
    },
  }
}

async function manySmall(sandbox: SandboxRef, dir: string, rounds: number) {
  const env = { FILEDOCK_BASE_URL: sandbox.baseUrl, FILEDOCK_API_KEY: sandbox.apiKey }
  const fldId = await createFolder(sandbox, 'many-small')
  const src = join(dir, 'many-src')
  await mkdir(src, { recursive: true })
  const files: string[] = []
  for (let i = 0; i < SMALL_FILES; i++) {
    const path = join(src, `f${i}.bin`)
    await writeFile(path, randomBytes(10 * 1024))
    files.push(path)
  }
  await curlPerFile(dir, files, { ...sandbox, fldId, concurrency: 4 })
  await rm(src, { recursive: true, force: true })
  const codes: string[] = []
  for (let page = 1; codes.length < SMALL_FILES; page++) {
    const listed = await apiGet<{ files: { file_code: string }[] }>(sandbox, 'file/list', {
      fld_id: fldId,
      per_page: 1000,
      page,
    })
    if (listed.files.length === 0) break
    codes.push(...listed.files.map((f) => f.file_code))
  }
  if (codes.length !== SMALL_FILES) throw new Error(`the folder holds ${codes.length} files`)

  const cli: TimedRun[] = []
  const curl: number[] = []
  const loadBefore = loadavg()
  for (let i = 0; i < rounds; i++) {
    const runCli = async () => {
      const to = join(dir, `many-cli-${i}`)
      const args = downloadArgs(['--fld_id', String(fldId)], to, join(dir, `many-state-${i}`))
      cli.push(await timeCommand(process.execPath, args, env))
      await expectWhole(to, SMALL_FILES, 10 * 1024, 'filedock download --fld_id')
      await rm(to, { recursive: true, force: true })
    }
    const runCurl = async () => {
      const to = join(dir, `many-curl-${i}`)
      await mkdir(to)
      curl.push(await curlDownloadPerFile(dir, codes, { ...sandbox, out: to, concurrency: CONCURRENCY }))
      await expectWhole(to, SMALL_FILES, 10 * 1024, 'xargs curl')
      await rm(to, { recursive: true, force: true })
    }
    for (const run of i % 2 === 0 ? [runCli, runCurl] : [runCurl, runCli]) await run()
  }
  const loadAfter = loadavg()
  const cliMs = median(cli.map((r) => r.ms))
  const curlMs = median(curl)
  return {
    command: `filedock download --fld_id N --to DIR (concurrency ${CONCURRENCY}) vs xargs -P ${CONCURRENCY} sh (direct_link + curl -o per file), alternating`,
    files: SMALL_FILES,
    rounds,
    loadAverage1mBeforeAfter: [round(loadBefore[0] ?? 0, 2), round(loadAfter[0] ?? 0, 2)],
    cliMs: cli.map((r) => round(r.ms)),
    curlMs: curl.map((ms) => round(ms)),
    cliMedianMs: round(cliMs),
    curlMedianMs: round(curlMs),
    speedUp: round(curlMs / cliMs, 2),
    cliPeakRssMiB: round(Math.max(...cli.map((r) => r.maxRssMiB))),
    target: '≥ 2× faster than xargs curl',
  }
}

/** Resolves with the size of the work file once it holds `bytes`, polling every 10 ms. */
async function partReaches(dir: string, bytes: number, exited: () => boolean): Promise<number> {
  for (;;) {
    const part = (await filesUnder(dir).catch(() => [])).find((f) => f.path.endsWith(PART_SUFFIX))
    if (part !== undefined && part.size >= bytes) return part.size
    if (exited()) throw new Error('filedock download ended before its work file held half the file')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function killAtHalf(sandbox: SandboxRef, dir: string, code: string, rounds: number) {
  const env = { ...process.env, FILEDOCK_BASE_URL: sandbox.baseUrl, FILEDOCK_API_KEY: sandbox.apiKey }
  const out = []
  for (let i = 0; i < rounds; i++) {
    const to = join(dir, `kill-${i}`)
    const args = downloadArgs([code], to, join(dir, `kill-state-${i}`))
    await servedRanges(sandbox, { codes: [code], clear: true })
    const child = spawn(process.execPath, args, { stdio: 'ignore', env })
    const exit = new Promise((resolve) => child.once('exit', resolve))
    const partAtKill = await partReaches(to, GiB / 2, () => child.exitCode !== null)
    child.kill('SIGKILL')
    await exit
    const again = await timeCommand(process.execPath, args, env)
    await expectWhole(to, 1, GiB, 'filedock download after kill -9')
    const served = (await servedRanges(sandbox, { codes: [code] })).files[code] ?? []
    const { sent, twice } = bytesSentTwice(served)
    const resumed = served.filter((r) => r.method === 'GET').at(-1)
    out.push({
      partAtKillMiB: round(partAtKill / MiB),
      resumedFromMiB: round((resumed?.start ?? 0) / MiB),
      gets: served.filter((r) => r.method === 'GET').length,
      sentMiB: round(sent / MiB),
      sentTwiceMiB: round(twice / MiB),
      sentTwicePercent: round((twice / GiB) * 100, 3),
      secondRunMs: round(again.ms),
    })
    await rm(to, { recursive: true, force: true })
  }
  return {
    command: 'filedock download CODE --to DIR, kill -9 once the work file holds 512 MiB, then the same again',
    measured:
      'GET /sandbox/downloads: bytes the file server sent beyond one copy of each byte (an upper bound: a cut answer counts what it read from disk)',
    rounds: out,
    target: '≤ 2 % of the file',
  }
}

export async function benchDownload(sandbox: SandboxRef, work: string, rounds: number) {
  execFileSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs'), '--if-stale'], { stdio: 'inherit' })
  const dir = join(work, 'download')
  await mkdir(dir, { recursive: true })
  try {
    const big = await oneGiB(sandbox, dir, rounds)
    const { code, ...download1GiB } = big
    return {
      commandLine: 'node bin/filedock.mjs (built bundle)',
      download1GiB,
      [`folderOf${SMALL_FILES}Files10KiB`]: await manySmall(sandbox, dir, rounds),
      killAtHalf1GiB: await killAtHalf(sandbox, dir, code, Math.min(rounds, 2)),
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
