import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { startReady } from './lib/child.ts'
import { openHostSocket } from './lib/host-socket.ts'
import { median, quantile, round } from './lib/stats.ts'

/**
 * Time from `npm run web` to its ready line, as a user starts it (npm, the renderer build, tsx, the core).
 * The renderer build is part of `npm run web`, so it is counted.
 */
async function timeToReady(dataDir: string): Promise<number> {
  const started = performance.now()
  const child = spawn('npm', ['run', 'web', '--silent', '--', '--port', '0', '--data', dataDir], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, FILEDOCK_KEYCHAIN_SERVICE: `Filedock-bench-${process.pid}` },
    detached: true,
  })
  const line = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`npm run web exited with ${code} before it was ready`)))
    createInterface({ input: child.stdout }).once('line', resolve)
  })
  const ms = performance.now() - started
  JSON.parse(line)
  // npm runs the host in a child of its own: stop the whole group.
  if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM')
  await new Promise((resolve) => child.once('exit', resolve))
  return ms
}

/** Sequential round trips of `app.info` over the browser host's authenticated WebSocket. */
async function roundTrips(dataDir: string, calls: number) {
  const host = await startReady<{ url: string }>('web/main.ts', ['--port', '0', '--data', dataDir], 60_000)
  try {
    const socket = await openHostSocket(host.ready.url)
    const call = () => socket.call('app.info', {})
    for (let i = 0; i < 200; i++) await call() // warm-up
    const ms: number[] = []
    for (let i = 0; i < calls; i++) {
      const started = performance.now()
      await call()
      ms.push(performance.now() - started)
    }
    socket.close()
    return { calls, medianMs: round(median(ms), 3), p99Ms: round(quantile(ms, 0.99), 3) }
  } finally {
    await host.stop()
  }
}

export async function benchWebHost(work: string, rounds: number) {
  const ready: number[] = []
  for (let i = 0; i < rounds; i++) ready.push(await timeToReady(join(work, `web-ready-${i}`)))
  return {
    roundTrip: await roundTrips(join(work, 'web-rt'), 5000),
    npmRunWebToReadyMs: {
      median: Math.round(median(ready)),
      min: Math.round(Math.min(...ready)),
      runs: rounds,
    },
  }
}
