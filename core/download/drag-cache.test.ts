import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { servedRanges } from '../../sandbox/testing/api-calls.ts'
import { DragCache, type DragCacheOptions, type DragFile } from './drag-cache.ts'
import { downloadSandboxForAll, sha256OfFile } from './testing/download-sandbox.ts'
import { partNameOf } from './work-files.ts'

// The copies a drag out of the window hands to the OS, fetched from a real sandbox host into a real folder.
const t = downloadSandboxForAll()
const ACCOUNT = 'acct-1'

function cacheIn(dir: string, limits?: DragCacheOptions['limits']) {
  const links: string[] = []
  const cache = new DragCache({
    dir,
    platform: 'linux',
    clientFor: async () => ({
      directLink: (code: string) => {
        links.push(code)
        return t.client.directLink(code)
      },
      openRange: (url, req) => t.client.openRange(url, req),
    }),
    ...(limits ? { limits } : {}),
  })
  return { cache, links }
}

/** The bytes the host sent of each file (its own record of the GETs of the direct links). */
async function bytesServed(code: string): Promise<number> {
  const served = await servedRanges(t.sandbox, { codes: [code] })
  return (served.files[code] ?? []).reduce((sum, r) => sum + r.sent, 0)
}

describe('DragCache', () => {
  it('fetches each file whole into <cache>/<account>/<code>/<name>, and a second drag takes the copy already there', async () => {
    const a = await t.upload('report.pdf', 300_000)
    const b = await t.upload('photo.jpg', 70_000)
    const dir = await t.folder()
    const { cache, links } = cacheIn(dir)
    const files = [
      { code: a.code, name: 'report.pdf', size: a.size },
      { code: b.code, name: 'photo.jpg', size: b.size },
    ]
    const paths = await cache.prepare(ACCOUNT, files)
    expect(paths).toEqual([join(dir, ACCOUNT, a.code, 'report.pdf'), join(dir, ACCOUNT, b.code, 'photo.jpg')])
    expect(await sha256OfFile(paths[0] as string)).toBe(a.sha)
    expect(await sha256OfFile(paths[1] as string)).toBe(b.sha)
    // No work file left beside the copies.
    expect(await readdir(join(dir, ACCOUNT, a.code))).toEqual(['report.pdf'])

    const again = await cache.prepare(ACCOUNT, files)
    expect(again).toEqual(paths)
    expect(links.sort()).toEqual([a.code, b.code].sort())
    expect(await bytesServed(a.code)).toBe(a.size)
  })

  it('says which files are whole here: at their size and name, never a work file, none after eviction', async () => {
    const files = await Promise.all(
      ['a', 'b', 'c'].map(async (n) => ({ n, ...(await t.upload(`${n}.bin`, 10_000)) })),
    )
    const [a, b, c] = files.map((f) => ({ code: f.code, name: `${f.n}.bin`, size: f.size })) as [
      DragFile,
      DragFile,
      DragFile,
    ]
    const dir = await t.folder()
    const { cache } = cacheIn(dir, { cacheFiles: 2 })
    expect(await cache.whole(ACCOUNT, [a, b, c])).toEqual([])
    await cache.prepare(ACCOUNT, [a, b])
    expect(await cache.whole(ACCOUNT, [a, b, c])).toEqual([a.code, b.code])
    // Another account, another size (a newer state of the file) or another name (a prepare would fetch it
    // again there) is not this copy.
    expect(await cache.whole('acct-2', [a])).toEqual([])
    expect(await cache.whole(ACCOUNT, [{ ...a, size: a.size + 1 }])).toEqual([])
    expect(await cache.whole(ACCOUNT, [{ ...a, name: 'renamed.bin' }])).toEqual([])
    // A second cache on the same folder (the app run again) knows the copies an earlier one fetched.
    expect(await cacheIn(dir).cache.whole(ACCOUNT, [a, b])).toEqual([a.code, b.code])
    // A half-fetched copy (the download engine's hidden work file) is not whole.
    await mkdir(join(dir, ACCOUNT, c.code), { recursive: true })
    await writeFile(join(dir, ACCOUNT, c.code, partNameOf('c.bin', c.code)), Buffer.alloc(5_000))
    expect(await cache.whole(ACCOUNT, [c])).toEqual([])

    // Bounded to two files: a's copy, used longest ago, goes when c is fetched, and is said gone.
    const old = new Date(Date.now() - 120_000)
    await utimes(join(dir, ACCOUNT, a.code, 'a.bin'), old, old)
    await rm(join(dir, ACCOUNT, c.code), { recursive: true })
    await cache.prepare(ACCOUNT, [c])
    expect(await cache.whole(ACCOUNT, [a, b, c])).toEqual([b.code, c.code])
  })

  it('fetches a file once when a second drag of it starts while the first is still fetching', async () => {
    const f = await t.upload('twice.bin', 2 << 20)
    const dir = await t.folder()
    const { cache, links } = cacheIn(dir)
    const file = { code: f.code, name: 'twice.bin', size: f.size }
    const [one, two] = await Promise.all([cache.prepare(ACCOUNT, [file]), cache.prepare(ACCOUNT, [file])])
    expect(one).toEqual(two)
    expect(links).toEqual([f.code])
    expect(await bytesServed(f.code)).toBe(f.size)
    expect(await sha256OfFile(one[0] as string)).toBe(f.sha)
  })

  it('replaces a copy of another size (an older state of the file) instead of keeping it', async () => {
    const f = await t.upload('grown.txt', Buffer.from('the whole text, grown since'))
    const dir = await t.folder()
    const { cache } = cacheIn(dir)
    await mkdir(join(dir, ACCOUNT, f.code), { recursive: true })
    await writeFile(join(dir, ACCOUNT, f.code, 'grown.txt'), 'the whol')
    const [path] = await cache.prepare(ACCOUNT, [{ code: f.code, name: 'grown.txt', size: f.size }])
    expect(await readFile(path as string, 'utf8')).toBe('the whole text, grown since')
    expect(await readdir(join(dir, ACCOUNT, f.code))).toEqual(['grown.txt'])
  })

  it('refuses a drag above its size limit before fetching anything, and says to use Download…', async () => {
    const f = await t.upload('big.iso', 50_000)
    const dir = await t.folder()
    const { cache, links } = cacheIn(dir, { dragBytes: 40_000 })
    await expect(
      cache.prepare(ACCOUNT, [{ code: f.code, name: 'big.iso', size: f.size }]),
    ).rejects.toMatchObject({
      kind: 'invalid_input',
      messageId: 'errors.dragOut.tooLarge',
      message: expect.stringMatching(
        /^This file is 50 KB in all: .* \(up to 40 KB\)\. Use Download… instead\.$/,
      ),
    })
    expect(links).toEqual([])
    expect(await readdir(dir)).toEqual([])
  })

  it('counts only the bytes it must fetch against its limit: copies already whole here drag at once', async () => {
    const kept = await t.upload('kept.iso', 50_000)
    const fresh = await t.upload('fresh.txt', 20_000)
    const dir = await t.folder()
    const { cache: roomy } = cacheIn(dir)
    await roomy.prepare(ACCOUNT, [{ code: kept.code, name: 'kept.iso', size: kept.size }])
    const { cache, links } = cacheIn(dir, { dragBytes: 40_000 })
    const both = [
      { code: kept.code, name: 'kept.iso', size: kept.size },
      { code: fresh.code, name: 'fresh.txt', size: fresh.size },
    ]
    const paths = await cache.prepare(ACCOUNT, both)
    expect(await sha256OfFile(paths[1] as string)).toBe(fresh.sha)
    expect(links).toEqual([fresh.code])
    // The one to fetch is what the refusal counts.
    const big = await t.upload('big.bin', 45_000)
    await expect(
      cache.prepare(ACCOUNT, [...both, { code: big.code, name: 'big.bin', size: big.size }]),
    ).rejects.toMatchObject({
      messageId: 'errors.dragOut.tooLarge',
      message: expect.stringMatching(/^This file is 45 KB in all: /),
    })
  })

  it('removes the copies used longest ago beyond its bounds, never those of the drag just prepared', async () => {
    const files = await Promise.all(
      ['a', 'b', 'c', 'd'].map(async (n) => ({ n, ...(await t.upload(`${n}.bin`, 10_000)) })),
    )
    const dir = await t.folder()
    const { cache } = cacheIn(dir, { cacheFiles: 2 })
    const drag = (i: number) => {
      const f = files[i] as (typeof files)[number]
      return cache.prepare(ACCOUNT, [{ code: f.code, name: `${f.n}.bin`, size: f.size }])
    }
    const [a] = await drag(0)
    const [b] = await drag(1)
    // Used a minute and two minutes ago: the file system's clock decides the order, not the test's speed.
    await utimes(a as string, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000))
    await utimes(b as string, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000))
    await drag(2)
    const left = async () => (await readdir(join(dir, ACCOUNT))).sort()
    expect(await left()).toEqual([files[1]?.code, files[2]?.code].sort())

    // Dragging b again makes it the newest: the next drag's eviction takes c, used longer ago.
    const [c] = [join(dir, ACCOUNT, files[2]?.code as string, 'c.bin')]
    await utimes(c, new Date(Date.now() - 30_000), new Date(Date.now() - 30_000))
    await drag(1)
    await drag(3)
    expect(await left()).toEqual([files[1]?.code, files[3]?.code].sort())

    // A single drag larger than the bounds keeps all its own files.
    const { cache: small } = cacheIn(dir, { cacheFiles: 1 })
    const both = await small.prepare(
      ACCOUNT,
      [0, 2].map((i) => ({ code: files[i]?.code as string, name: `${files[i]?.n}.bin`, size: 10_000 })),
    )
    for (const p of both) expect((await stat(p)).size).toBe(10_000)
    expect(await left()).toEqual([files[0]?.code, files[2]?.code].sort())
  })
})
