import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ConflictPolicy } from '../../shared/downloads.ts'
import { FiledockError } from '../../shared/errors.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { placeFile } from './place-file.ts'

// Finishing a download under each conflict policy, with real files in a temp folder.
let root: string
let n = 0
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'filedock-place-'))
})
afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const FRESH = Buffer.from('the downloaded bytes')

/** A folder holding `existing` files and a complete work file of FRESH; returns the folder and the part. */
async function folderWith(
  existing: Record<string, string | Buffer> = {},
): Promise<{ dir: string; part: string }> {
  const dir = join(root, `case-${++n}`)
  await mkdir(dir)
  for (const [name, content] of Object.entries(existing)) await writeFile(join(dir, name), content)
  const part = join(dir, '.report.pdf.abcdefghijkl.filedock-part')
  await writeFile(part, FRESH)
  return { dir, part }
}

const place = (part: string, dir: string, name: string, policy: ConflictPolicy) =>
  placeFile(part, join(dir, name), policy, FRESH.length)

const listing = async (dir: string) => (await readdir(dir)).sort()
/** Another file's bytes, of another size than FRESH. */
const OTHER = 'a file the user had before, longer than the download'
/** Other bytes of the same size as FRESH: "the same file" by name and size. */
const SAME_SIZE = 'x'.repeat(FRESH.length)

describe('no file at the name: every policy places it', () => {
  it.each(['skip', 'rename', 'overwrite'] as const)('%s', async (policy) => {
    const { dir, part } = await folderWith()
    expect(await place(part, dir, 'report.pdf', policy)).toEqual({
      path: join(dir, 'report.pdf'),
      outcome: 'placed',
    })
    expect(await listing(dir)).toEqual(['report.pdf'])
    expect(await readFile(join(dir, 'report.pdf'))).toEqual(FRESH)
  })
})

describe('skip', () => {
  it('a file of the same size is this file: already here, the work file removed, theirs untouched', async () => {
    const { dir, part } = await folderWith({ 'report.pdf': SAME_SIZE })
    expect(await place(part, dir, 'report.pdf', 'skip')).toEqual({
      path: join(dir, 'report.pdf'),
      outcome: 'already-here',
    })
    expect(await listing(dir)).toEqual(['report.pdf'])
    expect(await readFile(join(dir, 'report.pdf'), 'utf8')).toBe(SAME_SIZE)
  })

  it('another size: both kept, the download as name (1).ext', async () => {
    const { dir, part } = await folderWith({ 'report.pdf': OTHER })
    expect(await place(part, dir, 'report.pdf', 'skip')).toEqual({
      path: join(dir, 'report (1).pdf'),
      outcome: 'renamed',
    })
    expect(await readFile(join(dir, 'report.pdf'), 'utf8')).toBe(OTHER)
    expect(await readFile(join(dir, 'report (1).pdf'))).toEqual(FRESH)
  })
})

describe('rename (keep both)', () => {
  it('numbers copies (1), (2)… past the names taken', async () => {
    const { dir, part } = await folderWith({ 'report.pdf': OTHER, 'report (1).pdf': `${OTHER}!` })
    expect(await place(part, dir, 'report.pdf', 'rename')).toEqual({
      path: join(dir, 'report (2).pdf'),
      outcome: 'renamed',
    })
    expect(await listing(dir)).toEqual(['report (1).pdf', 'report (2).pdf', 'report.pdf'])
  })

  it.each([
    ['a name without an extension', 'README', 'README (1)'],
    ['a dotfile', '.bashrc', '.bashrc (1)'],
    ['two extensions', 'backup.tar.gz', 'backup.tar (1).gz'],
  ])('%s', async (_what, name, copy) => {
    const { dir, part } = await folderWith({ [name]: OTHER })
    expect(await place(part, dir, name, 'rename')).toEqual({ path: join(dir, copy), outcome: 'renamed' })
    expect(await readFile(join(dir, copy))).toEqual(FRESH)
  })

  it('a numbered copy of the same size, from an earlier "keep both" run, is this file: already here', async () => {
    const { dir, part } = await folderWith({ 'report.pdf': OTHER, 'report (1).pdf': SAME_SIZE })
    expect(await place(part, dir, 'report.pdf', 'rename')).toEqual({
      path: join(dir, 'report (1).pdf'),
      outcome: 'already-here',
    })
    expect(await listing(dir)).toEqual(['report (1).pdf', 'report.pdf'])
  })

  it('a folder of that name is kept, the download numbered', async () => {
    const { dir, part } = await folderWith()
    await mkdir(join(dir, 'report.pdf'))
    expect((await place(part, dir, 'report.pdf', 'rename')).path).toBe(join(dir, 'report (1).pdf'))
  })
})

describe('overwrite', () => {
  it('replaces a file of another size in one rename', async () => {
    const { dir, part } = await folderWith({ 'report.pdf': OTHER })
    expect(await place(part, dir, 'report.pdf', 'overwrite')).toEqual({
      path: join(dir, 'report.pdf'),
      outcome: 'overwritten',
    })
    expect(await listing(dir)).toEqual(['report.pdf'])
    expect(await readFile(join(dir, 'report.pdf'))).toEqual(FRESH)
  })

  it('replaces a file of the same size too: the user asked for the fresh bytes', async () => {
    const { dir, part } = await folderWith({ 'report.pdf': SAME_SIZE })
    expect((await place(part, dir, 'report.pdf', 'overwrite')).outcome).toBe('overwritten')
    expect(await readFile(join(dir, 'report.pdf'))).toEqual(FRESH)
  })

  it('replaces a symbolic link, not the file it points to', async () => {
    const { dir, part } = await folderWith({ 'target.txt': OTHER })
    await symlink(join(dir, 'target.txt'), join(dir, 'report.pdf'))
    await place(part, dir, 'report.pdf', 'overwrite')
    expect(await readFile(join(dir, 'report.pdf'))).toEqual(FRESH)
    expect(await readFile(join(dir, 'target.txt'), 'utf8')).toBe(OTHER)
  })

  it('never replaces a folder: a local_disk error saying what to do; the work file stays', async () => {
    const { dir, part } = await folderWith()
    await mkdir(join(dir, 'report.pdf'))
    const err = await place(part, dir, 'report.pdf', 'overwrite').catch((e: unknown) => e)
    expect(err).toBeInstanceOf(FiledockError)
    expect(err).toMatchObject({ kind: 'local_disk' })
    expect((err as Error).message).toMatch(/A folder named report\.pdf .*"keep both"/)
    expect(errorText(await intlFor('es'), err as FiledockError)).toBe(
      `Hay una carpeta llamada report.pdf en ${dir}, así que la descarga no puede reemplazarla. Cambia el nombre de esa carpeta o muévela, o elige "conservar ambos", y luego pulsa Reintentar.`,
    )
    expect(await readFile(part)).toEqual(FRESH)
  })
})

describe('never a partial file under the final name', () => {
  it('a work file of another size than the file is not placed', async () => {
    const { dir, part } = await folderWith()
    const err = await placeFile(part, join(dir, 'report.pdf'), 'rename', FRESH.length + 1).catch(
      (e: unknown) => e,
    )
    expect(err).toMatchObject({ kind: 'internal' })
    expect(await listing(dir)).toEqual(['.report.pdf.abcdefghijkl.filedock-part'])
  })
})
