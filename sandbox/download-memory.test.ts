import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { openAsBlob, readFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import http from 'node:http'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { tempDirsForAll } from './test-support.ts'
import type { SandboxRef } from './testing/api-calls.ts'
import { apiGet } from './testing/api-calls.ts'

const tempDir = tempDirsForAll()
const GiB = 1 << 30
/** Generous: the body goes through in 1 MiB reads, so anything near this means the file is being held. */
const MAX_GROWTH = 64 << 20

/** Resident memory of a process, from Linux's /proc. */
const rssOf = (pid: number): number =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) * 1024

/** A GET whose body is counted and dropped; `sample` runs every few milliseconds while it lasts. */
function drain(url: string, sample: () => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(sample, 20)
    http
      .get(url, (res) => {
        let bytes = 0
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length
        })
        res.on('end', () => {
          clearInterval(timer)
          resolve(bytes)
        })
        res.on('error', reject)
      })
      .on('error', reject)
  })
}

it('a 1 GiB download streams from disk: the sandbox process stays within a few MiB of its memory', async () => {
  const dir = await tempDir()
  // A process of its own (not the npm launcher), so its memory is the server's alone.
  const child = spawn(process.execPath, [
    '--import',
    'tsx',
    join(import.meta.dirname, 'main.ts'),
    '--data',
    join(dir, 'data'),
  ])
  try {
    const [line] = (await once(child.stdout, 'data')) as [Buffer]
    const sb = JSON.parse(line.toString()) as SandboxRef
    const pid = child.pid ?? 0

    const big = join(dir, 'big.bin')
    const fh = await open(big, 'w')
    await fh.truncate(GiB) // sparse: costs no disk until the sandbox stores its copy
    await fh.close()
    const server = (await (await fetch(`${sb.baseUrl}/api/upload/server?key=${sb.apiKey}`)).json()) as {
      sess_id: string
      result: string
    }
    const form = new FormData()
    form.set('sess_id', server.sess_id)
    form.set('file_0', await openAsBlob(big), 'big.bin')
    const [row] = (await (await fetch(server.result, { method: 'POST', body: form })).json()) as {
      file_code: string
    }[]
    const { url } = await apiGet<{ url: string }>(sb, 'file/direct_link', { file_code: row?.file_code ?? '' })

    const before = rssOf(pid)
    let peak = before
    const received = await drain(url, () => {
      peak = Math.max(peak, rssOf(pid))
    })
    expect(received).toBe(GiB)
    expect(peak - before).toBeLessThan(MAX_GROWTH)
  } finally {
    child.kill('SIGTERM')
    await once(child, 'close')
  }
}, 300_000)
