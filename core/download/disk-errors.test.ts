import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { noFaults } from '../../sandbox/faults.ts'
import { servedRanges } from '../../sandbox/testing/api-calls.ts'
import { FiledockError } from '../../shared/errors.ts'
import { formatBytes } from '../../shared/format-bytes.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import { failureOf as failureWithout } from '../api/testing/fake-client.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { classify } from '../queue/failures.ts'
import { freeBytes, localDiskError } from './disk-errors.ts'
import { downloadFile } from './download-file.ts'
import { startChildDownload } from './testing/child-download.ts'
import { downloadSandboxForAll, sha256OfFile } from './testing/download-sandbox.ts'
import { mountTmpfs, unmount, whyNoTmpfs } from './testing/tmpfs.ts'
import { partPathOf, sizeOf } from './work-files.ts'

// A download's local disk failures, met for real: a full disk and a read-only one are small tmpfs mounts, a folder
// that is not writable is met by a process of another user (root ignores permissions).
const t = downloadSandboxForAll()
afterEach(() => t.sandbox.setFaults(noFaults))

const noTmpfs = whyNoTmpfs()
if (noTmpfs !== null) {
  console.warn(
    `NOT RUN: the full-disk and read-only-disk download tests, which need a tmpfs mount: ${noTmpfs}`,
  )
}

/** The typed error a call fails with (its message never holds the key). */
const failureOf = (call: Promise<unknown>) => failureWithout(call, t.sandbox.apiKey)

describe.skipIf(noTmpfs !== null)('disks mounted for the test', () => {
  const mounts: string[] = []
  afterAll(() => {
    for (const m of mounts) unmount(m)
  })
  const mount = (name: string, options: string) => {
    const at = join(t.dir, name)
    mountTmpfs(at, options)
    mounts.push(at)
    return at
  }

  it('a full disk: the message says where, how much is free and still to write, and that the bytes are kept; after space is freed the next call continues from them', async () => {
    const SIZE = 3 << 20
    const disk = mount('small-disk', 'size=4m')
    await writeFile(join(disk, 'filler.bin'), Buffer.alloc(2 << 20, 1))
    const file = await t.upload('big.bin', SIZE)
    const dir = join(disk, 'Downloads')
    const o = t.options(file.code, file.size, dir)

    const err = await failureOf(downloadFile(o))
    const had = await sizeOf(partPathOf(dir, o.localName, file.code))
    expect(had).toBeGreaterThan(0)
    expect(had).toBeLessThan(SIZE)
    expect(err.kind).toBe('local_disk')
    const [said, free] = err.message.split(' free, ')
    expect(said?.startsWith(`The disk holding ${dir} is full: `)).toBe(true)
    expect(said).toMatch(/ is full: \d+(\.\d)? (B|KB)$/)
    expect(`${free}`).toBe(
      `${formatBytes(SIZE - had)} still to write for ${o.localName}. Free some space, then Retry. The ${formatBytes(had)} already written are kept: Retry continues from there.`,
    )
    // What the disk had free when it refused (the lock file still held a block then): under 16 KiB, of 4 MiB.
    expect(await freeBytes(dir)).toBeLessThan(16 << 10)
    expect(classify(err).kind).toBe('fail')

    await rm(join(disk, 'filler.bin'))
    await servedRanges(t.sandbox, { clear: true })
    const result = await downloadFile(o)
    expect(result).toMatchObject({ outcome: 'placed', bytesFetched: SIZE - had })
    expect(await sha256OfFile(result.path)).toBe(file.sha)
    const served = (await servedRanges(t.sandbox, { codes: [file.code] })).files[file.code] ?? []
    expect(served.map((s) => [s.range, s.status])).toEqual([[`bytes=${had}-`, 206]])
  })

  it('a read-only disk: the message says so and what to do', async () => {
    const dir = mount('read-only-disk', 'ro,size=64k')
    const file = await t.upload('ro.bin', 1000)
    const o = t.options(file.code, file.size, dir)
    const err = await failureOf(downloadFile(o))
    expect(err).toMatchObject({ kind: 'local_disk' })
    expect(err.message).toBe(
      `${dir} is on a read-only disk; ${o.localName} cannot be saved there. Choose another folder, then Retry.`,
    )
    expect(classify(err).kind).toBe('fail')
  })
})

describe('a folder that is not writable (chmod 555)', () => {
  let parent: string
  beforeAll(async () => {
    // Not under the sandbox's folder: mkdtemp makes folders only their owner may enter.
    parent = await mkdtemp(join(tmpdir(), 'filedock-not-writable-'))
    await chmod(parent, 0o755)
  })
  afterAll(async () => {
    await rm(parent, { recursive: true, force: true })
  })

  it('the message names the folder and what to do; nothing is asked of the host', async () => {
    const dir = join(parent, 'locked')
    await mkdir(dir)
    await chmod(dir, 0o555)
    const file = await t.upload('locked.bin', 1000)
    await servedRanges(t.sandbox, { clear: true })
    const localName = `file-${file.code}.bin`
    const job = {
      baseUrl: t.sandbox.baseUrl,
      apiKey: t.sandbox.apiKey,
      code: file.code,
      size: 1000,
      dir,
      localName,
    }
    // Root may write anywhere, so as root the download runs as `nobody`; as anyone else, as this user.
    const asRoot = process.getuid?.() === 0
    const error = asRoot
      ? (await startChildDownload(job, { uid: 65534, gid: 65534 }).ended).last?.error
      : await failureOf(downloadFile(t.options(file.code, 1000, dir)))
    expect(error).toMatchObject({
      kind: 'local_disk',
      message: `${dir} is not writable (permission denied) for ${localName}. Choose another folder or allow writing there, then Retry.`,
    })
    expect((await servedRanges(t.sandbox, { codes: [file.code] })).files[file.code]).toBeUndefined()
  })
})

describe('localDiskError', () => {
  const context = { dir: '/data/dl', name: 'a.iso', size: 5_000_000, written: 2_000_000 }
  const errno = (code: string, syscall = 'write') => Object.assign(new Error(code), { code, syscall })

  it.each([
    [
      'EACCES',
      /^\/data\/dl is not writable \(permission denied\) for a\.iso\..* The 2\.0 MB already written are kept/,
    ],
    ['EPERM', /^\/data\/dl is not writable/],
    ['ENAMETOOLONG', /refuses the name a\.iso: the name or the folder path is too long/],
    ['EFBIG', /cannot hold a file of 5\.0 MB \(a\.iso\); FAT32 disks hold at most 4 GB per file/],
    ['ENOTDIR', /^A file is in the way of the folder \/data\/dl/],
    ['EDQUOT', /^Your disk quota on \/data\/dl is used up/],
  ])('%s', async (code, message) => {
    const err = await localDiskError(errno(code), context)
    expect(err?.kind).toBe('local_disk')
    expect(err?.message).toMatch(message)
  })

  it('carries its sizes as numbers, written where it is read: the reader’s units and digits', async () => {
    const err = (await localDiskError(errno('EFBIG'), context)) as FiledockError
    expect(err.values).toMatchObject({ sizeBytes: 5_000_000, writtenBytes: 2_000_000 })
    const size = (bytes: number) => formatBytes(bytes, 'binary', 'ar')
    expect(errorText(await intlFor('ar'), err, size)).toBe(
      `القرص الذي يحوي /data/dl لا يتسع لملف حجمه ${size(5_000_000)} (a.iso)؛ أقراص FAT32 لا تحمل أكثر من 4 GB للملف الواحد. اختر مجلدًا على قرص آخر، ثم اختر إعادة المحاولة. البيانات المكتوبة (${size(2_000_000)}) محفوظة: تستأنف إعادة المحاولة من حيث توقفت.`,
    )
  })

  it('EEXIST is the disk refusing only from mkdir (a file where the folder goes)', async () => {
    expect((await localDiskError(errno('EEXIST', 'mkdir'), context))?.message).toMatch(/A file is in the way/)
    expect(await localDiskError(errno('EEXIST', 'link'), context)).toBeNull()
  })

  it('is null for what is not a disk refusal', async () => {
    expect(await localDiskError(new FiledockError({ kind: 'network', message: 'cut' }), context)).toBeNull()
    expect(await localDiskError(errno('ECONNRESET'), context)).toBeNull()
    expect(await localDiskError(undefined, context)).toBeNull()
  })
})
