import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import WebSocket from 'ws'
import { startReady } from './lib/child.ts'
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
    const page = new URL(host.ready.url)
    const socket = new WebSocket(`ws://${page.host}/ipc?token=${page.searchParams.get('token')}`, {
      origin: page.origin,
    })
    await new Promise((resolve, reject) => {
      socket.once('open', resolve)
      socket.once('error', reject)
    })
    const answers = new Map<number, () => void>()
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { id?: number; result?: { ok: boolean } }
      if (frame.id === undefined) return
      if (!frame.result?.ok) throw new Error(`app.info failed: ${String(data)}`)
      answers.get(frame.id)?.()
    })
    const call = (id: number) =>
      new Promise<void>((resolve) => {
        answers.set(id, resolve)
        socket.send(JSON.stringify({ id, channel: 'app.info', input: {} }))
      })
    for (let i = 0; i < 200; i++) await call(i) // warm-up
    const ms: number[] = []
    for (let i = 0; i < calls; i++) {
      const started = performance.now()
      await call(1000 + i)
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
