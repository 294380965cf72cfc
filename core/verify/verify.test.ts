import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { noFaults } from '../../sandbox/faults.ts'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import { createFolder, deleteFile, servedRanges } from '../../sandbox/testing/api-calls.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import type { VerifyResult } from '../../shared/verify.ts'
import { ApiClient } from '../api/client.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { EDGE_BYTES, RANDOM_WINDOW_BYTES, RANDOM_WINDOWS } from './sample-windows.ts'
import { verifyFiles } from './verify-files.ts'
import { verifyFolder } from './verify-folder.ts'

/** Verify against a real sandbox host over HTTP, with real local files. */
const MiB = 1024 * 1024
const SAMPLE_BUDGET = 2 * EDGE_BYTES + RANDOM_WINDOWS * RANDOM_WINDOW_BYTES

let sandbox: SandboxHandle
let client: ApiClient
let root: string

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'filedock-verify-'))
  sandbox = await startSandbox({ dataDir: join(root, 'sandbox'), faults: noFaults })
  client = new ApiClient({
    baseUrl: sandbox.baseUrl,
    apiKey: sandbox.apiKey,
    retryPolicy: { baseDelayMs: 5, maxDelayMs: 20 },
  })
})
afterAll(async () => {
  await client?.close()
  await sandbox?.close()
  await rm(root, { recursive: true, force: true })
})

/** A local folder `dir` and a host folder holding the same files (uploaded from it), sub-folders mirrored. */
async function mirrored(name: string, files: Record<string, Buffer>) {
  const dir = join(root, name)
  const fldId = await createFolder(sandbox, name)
  const sub = new Map<string, number>()
  const codes: Record<string, string> = {}
  for (const [rel, bytes] of Object.entries(files)) {
    const path = join(dir, rel)
    await mkdir(join(path, '..'), { recursive: true })
    await writeFile(path, bytes)
    const parts = rel.split('/')
    let target = fldId
    if (parts.length > 1) {
      const folder = parts[0] as string
      if (!sub.has(folder)) sub.set(folder, await createFolder(sandbox, folder, fldId))
      target = sub.get(folder) as number
    }
    const { fileCode } = await client.upload(path, { fileName: parts[parts.length - 1] as string })
    await client.fileSetFolder(fileCode, target)
    codes[rel] = fileCode
  }
  return { dir, fldId, codes }
}

const byPath = (results: VerifyResult[]) => Object.fromEntries(results.map((r) => [r.relPath, r]))

describe('verifyFolder', () => {
  it('tells same, differs (where), missing on the host and not uploaded apart', async () => {
    const { dir, fldId, codes } = await mirrored('four', {
      'same.bin': randomBytes(5 * MiB),
      'sub/changed.bin': randomBytes(5 * MiB),
      'gone.bin': randomBytes(64 * 1024),
    })
    // Changed locally after the upload, inside the first MiB (always compared).
    const fh = await open(join(dir, 'sub/changed.bin'), 'r+')
    const at = 123_457
    const old = Buffer.alloc(1)
    await fh.read(old, 0, 1, at)
    await fh.write(Buffer.from([(old[0] as number) ^ 0xff]), 0, 1, at)
    await fh.close()
    await deleteFile(sandbox, codes['gone.bin'] as string)
    await writeFile(join(dir, 'sub/new.txt'), 'never sent')

    const r = byPath(await verifyFolder({ client, dir, fldId, seed: 7 }))
    expect(r['same.bin']).toMatchObject({ status: 'same', fileCode: codes['same.bin'], hostSize: 5 * MiB })
    expect(r['sub/changed.bin']).toMatchObject({ status: 'differs', offset: at })
    expect(r['gone.bin']).toMatchObject({ status: 'missing', fileCode: codes['gone.bin'] })
    expect(r['sub/new.txt']).toMatchObject({ status: 'not-uploaded', fileCode: null, localSize: 10 })
    expect(Object.keys(r)).toHaveLength(4)
  })

  it('reads a bounded handful of MiB per file by default, and every byte with full', async () => {
    const size = 24 * MiB
    const bytes = randomBytes(size)
    const { dir, fldId, codes } = await mirrored('big', { 'big.bin': bytes })
    const code = codes['big.bin'] as string
    await servedRanges(sandbox, { clear: true })

    const [sampled] = await verifyFolder({ client, dir, fldId, seed: 1 })
    expect(sampled).toMatchObject({ status: 'same' })
    const served = (await servedRanges(sandbox, { codes: [code], clear: true })).files[code] ?? []
    const sent = served.reduce((n, s) => n + s.sent, 0)
    expect(sent).toBeLessThanOrEqual(SAMPLE_BUDGET)
    expect(sent).toBeGreaterThanOrEqual(2 * EDGE_BYTES)
    expect(sampled?.bytesRead).toBe(sent)
    // Every request was a Range request (never the whole file).
    expect(served.every((s) => s.range !== null && s.status === 206)).toBe(true)

    // A byte changed outside every sampled window goes unseen by the sample, and --full finds it.
    const windows = served.map((s) => [s.start as number, s.end as number] as const)
    let at = EDGE_BYTES + 1
    while (windows.some(([a, b]) => at >= a && at <= b)) at += RANDOM_WINDOW_BYTES
    const fh = await open(join(dir, 'big.bin'), 'r+')
    await fh.write(Buffer.from([(bytes[at] as number) ^ 1]), 0, 1, at)
    await fh.close()
    expect((await verifyFolder({ client, dir, fldId, seed: 1 }))[0]).toMatchObject({ status: 'same' })
    await servedRanges(sandbox, { clear: true })
    const [full] = await verifyFolder({ client, dir, fldId, full: true })
    expect(full).toMatchObject({ status: 'differs', offset: at })
    const fullSent = (await servedRanges(sandbox, { codes: [code] })).files[code] ?? []
    expect(fullSent.reduce((n, s) => n + s.sent, 0)).toBeGreaterThan(SAMPLE_BUDGET)
  })

  it('samples other places with another seed, the same places with the same seed', async () => {
    const { dir, fldId, codes } = await mirrored('seeds', { 'f.bin': randomBytes(16 * MiB) })
    const code = codes['f.bin'] as string
    const ranges = async (seed: number) => {
      await servedRanges(sandbox, { clear: true })
      await verifyFolder({ client, dir, fldId, seed })
      return ((await servedRanges(sandbox, { codes: [code] })).files[code] ?? []).map((s) => s.range)
    }
    const first = await ranges(3)
    expect(await ranges(3)).toEqual(first)
    expect(await ranges(4)).not.toEqual(first)
  })

  it('asks for a fresh direct link when the file server says the last one expired, and gives up after 3', async () => {
    const { dir, fldId, codes } = await mirrored('expiring', { 'e.bin': randomBytes(8 * MiB) })
    const code = codes['e.bin'] as string
    // A link that has expired for sure: issued with no time to live, then left to age.
    sandbox.setFaults({ directLinkTtlSec: 0 })
    const stale = await client.directLink(code)
    sandbox.setFaults({ directLinkTtlSec: noFaults.directLinkTtlSec })
    await new Promise((r) => setTimeout(r, 20))
    const handing = (links: (n: number) => 'stale' | 'fresh') => {
      let n = 0
      return Object.assign(Object.create(client) as ApiClient, {
        directLink: async (c: string) => (links(n++) === 'stale' ? stale : client.directLink(c)),
        calls: () => n,
      })
    }

    const once = handing((n) => (n === 0 ? 'stale' : 'fresh'))
    await servedRanges(sandbox, { clear: true })
    const [r] = await verifyFolder({ client: once, dir, fldId, seed: 2 })
    expect(r).toMatchObject({ status: 'same' })
    expect(once.calls()).toBe(2)
    const served = (await servedRanges(sandbox, { codes: [code], clear: true })).files[code] ?? []
    expect(served[0]?.status).toBe(403)
    expect(served.slice(1).every((s) => s.status === 206)).toBe(true)

    const always = handing(() => 'stale')
    const [gaveUp] = await verifyFolder({ client: always, dir, fldId, seed: 2 })
    expect(gaveUp).toMatchObject({ status: 'failed', message: expect.stringMatching(/HTTP 403/) })
    // The first link and 3 fresh ones, then no more: a host that refuses every link is not asked forever.
    expect(always.calls()).toBe(4)
  })

  it('still compares the right bytes when the host ignores Range and sends the whole file', async () => {
    const bytes = randomBytes(6 * MiB)
    const { dir, fldId } = await mirrored('no-range', { 'r.bin': bytes })
    sandbox.setFaults({ ignoreRangeRate: 1 })
    try {
      expect((await verifyFolder({ client, dir, fldId, seed: 5 }))[0]).toMatchObject({ status: 'same' })
      const at = 6 * MiB - 10 // in the last MiB, always compared: only reached through the whole body
      const fh = await open(join(dir, 'r.bin'), 'r+')
      await fh.write(Buffer.from([(bytes[at] as number) ^ 0x80]), 0, 1, at)
      await fh.close()
      const [r] = await verifyFolder({ client, dir, fldId, seed: 5 })
      expect(r).toMatchObject({ status: 'differs', offset: at })
      // The bytes before each window came down too, and are counted as read.
      expect(r?.bytesRead).toBeGreaterThan(5 * MiB)
    } finally {
      sandbox.setFaults({ ignoreRangeRate: 0 })
    }
  })
})

describe('verifyFiles in the reader’s language', () => {
  it('says in Spanish that a local file cannot be read, the OS code as it is', async () => {
    const [result] = await verifyFiles({
      client,
      entries: [{ relPath: 'gone.bin', localPath: join(root, 'no-such-dir', 'gone.bin'), fileCode: null }],
    })
    expect(result).toMatchObject({ status: 'failed', message: 'The local file cannot be read (ENOENT).' })
    if (result?.error === undefined) return expect.fail('the failure has no message id')
    expect(errorText(await intlFor('es'), result.error)).toBe('No se puede leer el archivo local (ENOENT).')
  })
})
