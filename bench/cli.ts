import { execFileSync, spawn } from 'node:child_process'
import { link, mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { makeFile } from './lib/files.ts'
import { median, round } from './lib/stats.ts'
import type { Sandbox } from './upload.ts'

/**
 * The installed command as users run it (`node bin/filedock.mjs`, the built bundle, a new process each time)
 * side by side with curl in the same run, against a sandbox process. Wall time from spawn to exit; peak RSS
 * from GNU time (`/usr/bin/time -f %M`, the kernel's maxrss of the child), so nothing of ours measures itself.
 */
const root = fileURLToPath(new URL('..', import.meta.url))
const bin = join(root, 'bin', 'filedock.mjs')

interface Run {
  ms: number
  maxRssMiB: number
  stdout: string
}

/** Runs `cmd` under GNU time; the last stderr line is its %M (KiB). */
function timed(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn('/usr/bin/time', ['-f', '%M', cmd, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString()
    })
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString()
    })
    child.once('error', reject)
    child.once('exit', (code) => {
      const ms = performance.now() - started
      const lines = stderr.trim().split('\n')
      if (code !== 0)
        return reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${stderr.slice(-500)}`))
      resolve({ ms, maxRssMiB: Number(lines.at(-1)) / 1024, stdout })
    })
  })
}

const MiBps = (bytes: number, ms: number) => bytes / 2 ** 20 / (ms / 1000)

async function curlUpload(sandbox: Sandbox, path: string): Promise<Run> {
  const started = performance.now()
  const server = await timed('curl', [
    '-sS',
    '--fail',
    `${sandbox.baseUrl}/api/upload/server?key=${sandbox.apiKey}`,
  ])
  const answer = JSON.parse(server.stdout) as { sess_id: string; result: string }
  const sent = await timed('curl', [
    '-sS',
    '--fail',
    '-F',
    `sess_id=${answer.sess_id}`,
    '-F',
    'utype=prem',
    '-F',
    `file_0=@${path}`,
    answer.result,
  ])
  if (!sent.stdout.includes('"OK"'))
    throw new Error(`curl upload was not accepted: ${sent.stdout.slice(0, 200)}`)
  return { ms: performance.now() - started, maxRssMiB: sent.maxRssMiB, stdout: sent.stdout }
}

/** `filedock upload FILE` with a fresh state folder: the whole command (start, queue, upload, landing check). */
function cliUpload(sandbox: Sandbox, path: string, data: string): Promise<Run> {
  return timed(process.execPath, [bin, 'upload', path, '--json', '--data', data], {
    FILEDOCK_BASE_URL: sandbox.baseUrl,
    FILEDOCK_API_KEY: sandbox.apiKey,
  })
}

export async function benchCli(sandbox: Sandbox, work: string, rounds: number) {
  execFileSync(process.execPath, [join(root, 'scripts', 'build-cli.mjs'), '--if-stale'], { stdio: 'inherit' })
  const env = { FILEDOCK_BASE_URL: sandbox.baseUrl, FILEDOCK_API_KEY: sandbox.apiKey }

  // Start-up: --version next to a bare `node -e 0`, alternating so both see the same machine load.
  const version: number[] = []
  const bareNode: number[] = []
  for (let i = 0; i < 21; i++) {
    version.push((await timed(process.execPath, [bin, '--version'])).ms)
    bareNode.push((await timed(process.execPath, ['-e', '0'])).ms)
  }

  const info: number[] = []
  const curlInfo: number[] = []
  for (let i = 0; i < 11; i++) {
    info.push((await timed(process.execPath, [bin, 'api', 'account/info'], env)).ms)
    curlInfo.push(
      (
        await timed('curl', [
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
  const cli: Run[] = []
  const curl: Run[] = []
  for (let i = 0; i < rounds; i++) {
    const named = join(dir, `round-${i}.bin`)
    await link(big, named)
    cli.push(await cliUpload(sandbox, named, join(dir, `state-${i}`)))
    curl.push(await curlUpload(sandbox, big))
    await rm(named)
  }
  const smallRun = await cliUpload(sandbox, small, join(dir, 'state-small'))
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
      curl1GiB: round(Math.max(...curl.map((r) => r.maxRssMiB))),
      target: '< 80 MiB, flat',
    },
  }
}
