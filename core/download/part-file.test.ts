import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { noFaults } from '../../sandbox/faults.ts'
import { servedRanges } from '../../sandbox/testing/api-calls.ts'
import type { FiledockError } from '../../shared/errors.ts'
import { ApiClient } from '../api/client.ts'
import { BodyCut, LinkGone } from '../api/file-server.ts'
import { failureOf as failureWithout } from '../api/testing/fake-client.ts'
import { classify } from '../queue/failures.ts'
import { TokenBucket } from '../queue/throttle.ts'
import { type DownloadedFile, type DownloadFileOptions, downloadFile } from './download-file.ts'
import { MAX_LINK_REFRESHES } from './part-file.ts'
import { downloadSandboxForAll, sha256OfFile } from './testing/download-sandbox.ts'
import { partPathOf, sizeOf } from './work-files.ts'

// One file fetched into its work file and put in place, against the sandbox's file server and each of its faults.
const t = downloadSandboxForAll()
afterEach(() => t.sandbox.setFaults(noFaults))

const SIZE = 3 << 20
/** What undici's body holds unread before it stops reading the socket (its Readable's highWaterMark). */
const BODY_BUFFER = 64 << 10
/** Attempts cut part-way before the file server is let be. */
const CUTS = 6

/**
 * Calls downloadFile again after each failure the queue would retry, as the queue does; notes each failure.
 * `beforeAttempt` may change the faults (a cut lands anywhere in a body but its end, so cuts at rate 1 never end).
 */
async function untilDone(
  o: DownloadFileOptions,
  beforeAttempt: (n: number) => void = () => {},
  maxAttempts = 200,
) {
  const failures: FiledockError[] = []
  /** The work file's size after each failed attempt: where the next request must start. */
  const partSizes: number[] = []
  const part = partPathOf(o.dir, o.localName, o.fileCode)
  for (let i = 0; i < maxAttempts; i++) {
    beforeAttempt(i)
    try {
      const result: DownloadedFile = await downloadFile(o)
      return { result, failures, partSizes }
    } catch (err) {
      const verdict = classify(err).kind
      if (verdict !== 'retry' && verdict !== 'offline') throw err
      failures.push(err as FiledockError)
      partSizes.push(await sizeOf(part))
    }
  }
  throw new Error(`not done after ${maxAttempts} attempts`)
}

async function served(code: string) {
  const all = await servedRanges(t.sandbox, { codes: [code] })
  expect(all.forgotten).toBe(0)
  return all.files[code] ?? []
}

/** The typed error a call fails with (its message never holds the key). */
const failureOf = (call: Promise<unknown>) => failureWithout(call, t.sandbox.apiKey)

describe('a download against a sound file server', () => {
  it('one GET, the bytes in place under the final name, no work file left, progress to the end', async () => {
    const file = await t.upload('sound.bin', SIZE)
    const dir = await t.folder()
    const progress: number[] = []
    const result = await downloadFile(
      t.options(file.code, file.size, dir, { onProgress: (done, total) => progress.push(done, total) }),
    )
    expect(result).toMatchObject({ outcome: 'placed', size: SIZE, bytesFetched: SIZE })
    expect(result.restarted).toBeUndefined()
    expect(result.path).toBe(join(dir, `file-${file.code}.bin`))
    expect(await sha256OfFile(result.path)).toBe(file.sha)
    expect(await readdir(dir)).toEqual([`file-${file.code}.bin`])
    expect(progress.slice(-2)).toEqual([SIZE, SIZE])
    const requests = await served(file.code)
    expect(requests.map((r) => [r.range, r.status, r.outcome])).toEqual([[null, 200, 'complete']])
  })

  it('the same download again: already here, nothing asked of the host', async () => {
    const file = await t.upload('again.bin', 10_000)
    const dir = await t.folder()
    await downloadFile(t.options(file.code, file.size, dir))
    await servedRanges(t.sandbox, { clear: true })
    let linked = 0
    const link = () => {
      linked++
      return t.client.directLink(file.code)
    }
    const again = await downloadFile(t.options(file.code, file.size, dir, { link }))
    expect(again.outcome).toBe('already-here')
    expect(linked).toBe(0)
    expect(await served(file.code)).toEqual([])
  })

  it('every byte goes through the bandwidth limit', async () => {
    const file = await t.upload('limited.bin', 500_000)
    const bucket = new (class extends TokenBucket {
      taken = 0
      override take(bytes: number, signal?: AbortSignal) {
        this.taken += bytes
        return super.take(bytes, signal)
      }
    })(4 << 20)
    await downloadFile(t.options(file.code, file.size, await t.folder(), { bucket }))
    expect(bucket.taken).toBe(500_000)
  })

  it('an empty file: placed without a request to the file server', async () => {
    const file = await t.upload('empty.txt', Buffer.alloc(0))
    const result = await downloadFile(t.options(file.code, 0, await t.folder()))
    expect(result).toMatchObject({ outcome: 'placed', size: 0, bytesFetched: 0 })
    expect(await readFile(result.path)).toHaveLength(0)
    expect(await served(file.code)).toEqual([])
  })

  it("direct_link's size wins over the size the plan knew", async () => {
    const file = await t.upload('resized.bin', 70_000)
    const result = await downloadFile(t.options(file.code, 69_000, await t.folder()))
    expect(result.size).toBe(70_000)
    expect(await sha256OfFile(result.path)).toBe(file.sha)
  })
})

describe('the fault flags of the sandbox', () => {
  it('drops: each later request starts where the work file ended; the file ends whole', async () => {
    const file = await t.upload('drops.bin', SIZE)
    const { result, failures, partSizes } = await untilDone(
      t.options(file.code, file.size, await t.folder()),
      (n) => t.sandbox.setFaults({ downloadDropRate: n < CUTS ? 1 : 0 }),
    )
    expect(await sha256OfFile(result.path)).toBe(file.sha)
    expect(failures).toHaveLength(CUTS)
    for (const f of failures) expect(f).toBeInstanceOf(BodyCut)
    const requests = await served(file.code)
    expect(requests.map((r) => r.start)).toEqual([0, ...partSizes])
    // A reset discards what was still in the client's socket buffers (the sandbox counts it as sent), so a request
    // may have sent more than the work file kept, and only that comes again: never a byte the work file holds.
    for (const [i, r] of requests.entries()) {
      const next = i + 1 < requests.length ? (partSizes[i] as number) : SIZE
      expect(next).toBeGreaterThanOrEqual(r.start as number)
      expect(next).toBeLessThanOrEqual((r.start as number) + r.sent)
    }
  })

  it('short bodies: each later request starts where the work file ended; at most the body buffer comes twice', async () => {
    const file = await t.upload('short.bin', SIZE)
    const { result, failures, partSizes } = await untilDone(
      t.options(file.code, file.size, await t.folder()),
      (n) => t.sandbox.setFaults({ downloadShortRate: n < CUTS ? 1 : 0 }),
    )
    expect(await sha256OfFile(result.path)).toBe(file.sha)
    expect(failures).toHaveLength(CUTS)
    for (const f of failures) expect(f).toBeInstanceOf(BodyCut)
    const requests = await served(file.code)
    expect(requests.map((r) => r.start)).toEqual([0, ...partSizes])
    // The work file keeps what the reader took; what undici still held unread when the body ended short is let go
    // with the error (file-server.ts): on a busy machine a cut fetched 65,415 bytes twice. Never more than that.
    for (const [i, r] of requests.entries()) {
      const next = i + 1 < requests.length ? (partSizes[i] as number) : SIZE
      expect(next).toBeGreaterThanOrEqual(r.start as number)
      expect((r.start as number) + r.sent - next).toBeLessThanOrEqual(BODY_BUFFER)
    }
  })

  it('a reader behind the connection when it ends short loses at most the body buffer, and resumes there', async () => {
    // Paced, so the cut part of the body arrives in several chunks (slices of 10,000 bytes); the reader (here the
    // bandwidth limit) waits on its first chunk until the file server has closed the connection, so the rest sits
    // unread in the client when the end comes.
    const file = await t.upload('lagging.bin', 60_000)
    t.sandbox.setFaults({ downloadShortRate: 1, downloadBytesPerSec: 100_000 })
    const o = t.options(file.code, file.size, await t.folder())
    const part = partPathOf(o.dir, o.localName, file.code)
    let first = true
    const bucket = new (class extends TokenBucket {
      override async take(bytes: number, signal?: AbortSignal) {
        if (first) {
          first = false
          while ((await served(file.code)).every((r) => r.outcome === 'sending')) await sleep(20)
          await sleep(100)
        }
        return super.take(bytes, signal)
      }
    })(null)
    expect(await failureOf(downloadFile({ ...o, bucket }))).toBeInstanceOf(BodyCut)
    const [request] = await served(file.code)
    expect(request?.outcome).toBe('short')
    const kept = await sizeOf(part)
    expect(kept).toBeLessThanOrEqual(request?.sent ?? 0)
    expect((request?.sent ?? 0) - kept).toBeLessThanOrEqual(BODY_BUFFER)
    await servedRanges(t.sandbox, { clear: true })
    t.sandbox.setFaults(noFaults)
    const result = await downloadFile(o)
    expect(await sha256OfFile(result.path)).toBe(file.sha)
    const again = await served(file.code)
    expect(again.map((r) => r.range)).toEqual([kept > 0 ? `bytes=${kept}-` : null])
  })

  it('5xx: the server error the queue retries, the work file kept, then done', async () => {
    const file = await t.upload('5xx.bin', 200_000)
    const dir = await t.folder()
    t.sandbox.setFaults({ downloadErrorRate: 1 })
    const err = await failureOf(downloadFile(t.options(file.code, file.size, dir)))
    expect(err.kind).toBe('server')
    expect([500, 502, 503]).toContain(err.status)
    expect(classify(err).kind).toBe('retry')
    const { result, failures } = await untilDone(t.options(file.code, file.size, dir), (n) =>
      t.sandbox.setFaults({ downloadErrorRate: n < 3 ? 1 : 0 }),
    )
    expect(failures.map((f) => f.kind)).toEqual(['server', 'server', 'server'])
    expect(await sha256OfFile(result.path)).toBe(file.sha)
  })

  it('429 with Retry-After: rate_limited with the wait, which the queue honours', async () => {
    const file = await t.upload('429.bin', 200_000)
    t.sandbox.setFaults({ downloadRateLimitRate: 1, retryAfterSec: 4 })
    const err = await failureOf(downloadFile(t.options(file.code, file.size, await t.folder())))
    expect(err).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 4000 })
    expect(classify(err)).toMatchObject({ kind: 'retry', retryAfterMs: 4000 })
  })

  it('ignored Range: a resume starts again from 0 and says so; the file ends whole', async () => {
    const file = await t.upload('ignored.bin', SIZE)
    const dir = await t.folder()
    const o = t.options(file.code, file.size, dir)
    t.sandbox.setFaults({ downloadShortRate: 1 })
    await failureOf(downloadFile(o))
    const had = await sizeOf(partPathOf(dir, o.localName, file.code))
    expect(had).toBeGreaterThan(0)
    await servedRanges(t.sandbox, { clear: true })
    t.sandbox.setFaults({ ...noFaults, ignoreRangeRate: 1 })
    const result = await downloadFile(o)
    expect(result).toMatchObject({ restarted: 'range-ignored', bytesFetched: SIZE, outcome: 'placed' })
    expect(await sha256OfFile(result.path)).toBe(file.sha)
    expect((await served(file.code)).map((r) => [r.range, r.status])).toEqual([[`bytes=${had}-`, 200]])
  })

  it('a changed file (If-Range no longer matches): from 0, said as changed', async () => {
    const file = await t.upload('changed.bin', 300_000)
    const dir = await t.folder()
    const o = t.options(file.code, file.size, dir, { validator: '"an-older-version"' })
    await writeFile(partPathOf(dir, o.localName, file.code), Buffer.alloc(1000, 7))
    let kept: string | null | undefined
    const result = await downloadFile({
      ...o,
      onValidator: (v) => {
        kept = v
      },
    })
    expect(result).toMatchObject({ restarted: 'changed', bytesFetched: 300_000 })
    expect(kept).toMatch(/^"/)
    expect(result.validator).toBe(kept)
    expect(await sha256OfFile(result.path)).toBe(file.sha)
  })

  it('an expired link part-way: a fresh one, continuing from the bytes on disk', async () => {
    const file = await t.upload('expiring.bin', SIZE)
    const dir = await t.folder()
    const o = t.options(file.code, file.size, dir)
    t.sandbox.setFaults({ downloadShortRate: 1 })
    await failureOf(downloadFile(o))
    const had = await sizeOf(partPathOf(dir, o.localName, file.code))
    t.sandbox.setFaults({ downloadShortRate: 0, directLinkTtlSec: 0.001 })
    const stale = await t.client.directLink(file.code)
    await sleep(10)
    t.sandbox.setFaults({ directLinkTtlSec: 3600 })
    await servedRanges(t.sandbox, { clear: true })
    let asked = 0
    const result = await downloadFile({
      ...o,
      link: async () => (++asked === 1 ? stale : t.client.directLink(file.code)),
    })
    expect(asked).toBe(2)
    expect(result).toMatchObject({ outcome: 'placed', bytesFetched: SIZE - had })
    expect(await sha256OfFile(result.path)).toBe(file.sha)
    expect((await served(file.code)).map((r) => [r.range, r.status])).toEqual([
      [`bytes=${had}-`, 403],
      [`bytes=${had}-`, 206],
    ])
  })

  it(`a link that stays expired: ${MAX_LINK_REFRESHES} fresh ones, then LinkGone to the caller`, async () => {
    const file = await t.upload('always-expired.bin', 10_000)
    t.sandbox.setFaults({ directLinkTtlSec: 0.001 })
    let asked = 0
    const err = await failureOf(
      downloadFile({
        ...t.options(file.code, file.size, await t.folder()),
        link: async () => {
          asked++
          const l = await t.client.directLink(file.code)
          await sleep(5)
          return l
        },
      }),
    )
    expect(err).toBeInstanceOf(LinkGone)
    expect(asked).toBe(1 + MAX_LINK_REFRESHES)
    expect(classify(err).kind).toBe('retry')
  })
})

describe('the work file', () => {
  it('a work file longer than the file is emptied and the file fetched whole', async () => {
    const file = await t.upload('longer.bin', 50_000)
    const dir = await t.folder()
    const o = t.options(file.code, file.size, dir)
    await writeFile(partPathOf(dir, o.localName, file.code), Buffer.alloc(60_000, 1))
    const result = await downloadFile(o)
    expect(result.bytesFetched).toBe(50_000)
    expect(await sha256OfFile(result.path)).toBe(file.sha)
  })

  it('a cancel keeps the bytes; the next call continues from them', async () => {
    const file = await t.upload('cancelled.bin', 1 << 20)
    const dir = await t.folder()
    t.sandbox.setFaults({ downloadBytesPerSec: 256 << 10 })
    const controller = new AbortController()
    const o = t.options(file.code, file.size, dir, {
      signal: controller.signal,
      onProgress: (done) => {
        if (done >= 200_000) controller.abort()
      },
    })
    const err = await failureOf(downloadFile(o))
    expect(err.kind).toBe('cancelled')
    expect(err.message).toMatch(/downloading/)
    const had = await sizeOf(partPathOf(dir, o.localName, file.code))
    expect(had).toBeGreaterThanOrEqual(200_000)
    t.sandbox.setFaults(noFaults)
    const result = await downloadFile({ ...o, signal: new AbortController().signal })
    expect(result.bytesFetched).toBe((1 << 20) - had)
    expect(await readFile(result.path)).toHaveLength(1 << 20)
    expect(await sha256OfFile(result.path)).toBe(file.sha)
  })
})

describe('the idle limit', () => {
  it("counts the server's silence, not the caller's work between the answer and the first read", async () => {
    const file = await t.upload('journaled.bin', 30_000)
    const dir = await t.folder()
    // Paced (a slice every 100 ms, well inside the limit): the body is still arriving while the caller journals
    // the validator, for longer than the limit.
    t.sandbox.setFaults({ downloadBytesPerSec: 50_000 })
    const quick = new ApiClient({
      baseUrl: t.sandbox.baseUrl,
      apiKey: t.sandbox.apiKey,
      downloadIdleTimeoutMs: 1000,
    })
    try {
      await servedRanges(t.sandbox, { clear: true })
      const result = await downloadFile(
        t.options(file.code, file.size, dir, { server: quick, onValidator: () => sleep(1500) }),
      )
      expect(await sha256OfFile(result.path)).toBe(file.sha)
      expect((await served(file.code)).map((r) => [r.range, r.status, r.outcome])).toEqual([
        [null, 200, 'complete'],
      ])
    } finally {
      await quick.close()
    }
  })
})
