import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { downloadSandboxForAll, sha256OfFile } from '../core/download/testing/download-sandbox.ts'
import { TokenBucket } from '../core/queue/throttle.ts'
import { runHere } from './testing/cli-runner.ts'

// `--limit-rate` is parsed in rate-flag.test.ts; here, that the download it is given to goes through the limit.
const t = downloadSandboxForAll()

afterEach(() => {
  vi.restoreAllMocks()
})

describe('filedock download --limit-rate R', () => {
  it('every byte of the download is taken from the one download limiter, at the rate the flag gave', async () => {
    const files = [await t.upload('a.bin', 1_000_000), await t.upload('b.bin', 800_000)]
    const work = await t.folder()
    const to = join(work, 'to')
    const takes: { bucket: TokenBucket; rate: number | null; bytes: number }[] = []
    const take = TokenBucket.prototype.take
    vi.spyOn(TokenBucket.prototype, 'take').mockImplementation(function (this: TokenBucket, bytes, signal) {
      takes.push({ bucket: this, rate: this.bytesPerSec, bytes })
      return take.call(this, bytes, signal)
    })

    const run = await runHere(
      ['download', ...files.map((f) => f.code), '--to', to, '--limit-rate', '512K', '--concurrency', '2'],
      {
        FILEDOCK_BASE_URL: t.sandbox.baseUrl,
        FILEDOCK_API_KEY: t.sandbox.apiKey,
        FILEDOCK_DATA_DIR: join(work, 'app'),
        FILEDOCK_DATA: join(work, 'queue-state'),
      },
    )
    expect(run.code, run.stderr).toBe(0)
    expect(await sha256OfFile(join(to, 'a.bin'))).toBe(files[0]?.sha)
    expect(await sha256OfFile(join(to, 'b.bin'))).toBe(files[1]?.sha)

    // One limiter for both files (the engine's download bucket), set to 512 KiB/s, through which went every
    // byte written: the takes add up to the two files.
    const buckets = new Set(takes.map((x) => x.bucket))
    expect(buckets.size).toBe(1)
    expect(new Set(takes.map((x) => x.rate))).toEqual(new Set([512 * 1024]))
    expect(takes.reduce((n, x) => n + x.bytes, 0)).toBe(1_000_000 + 800_000)
    // Paced as the body is read, not granted at once: each file's bytes in several takes (chunks of the body,
    // each reserved at the rate after the ones before it).
    expect(Math.max(...takes.map((x) => x.bytes))).toBeLessThan(800_000)
    expect(takes.length).toBeGreaterThan(2 * files.length)
  })
})
