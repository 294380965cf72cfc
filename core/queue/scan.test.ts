import { execFileSync } from 'node:child_process'
import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { errorText } from '../../shared/i18n/error-text.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { scanPaths } from './scan.ts'
import { makeTempDir, problemKinds, put, relPaths, removeTempDir } from './scan-test-support.ts'

let dir: string
beforeEach(async () => {
  dir = await makeTempDir()
})
afterEach(async () => {
  await removeTempDir(dir)
})

describe('scanPaths: what gets queued', () => {
  it('names relDirs from the dropped folder down and lists every folder to create, parents first', async () => {
    await put(dir, 'photos/b.jpg', 'bb')
    await put(dir, 'photos/2019/a.jpg', 'a')
    await mkdir(join(dir, 'photos/empty'))
    const loose = await put(dir, 'notes.txt', 'notes')
    const result = await scanPaths([join(dir, 'photos'), loose])
    expect(relPaths(result)).toEqual(['notes.txt', 'photos/b.jpg', 'photos/2019/a.jpg'])
    expect(result.files[0]).toMatchObject({ path: loose, relDir: [], name: 'notes.txt', size: 5 })
    expect(result.files[0]?.mtimeMs).toBeGreaterThan(0)
    expect(result.files[2]?.path).toBe(join(dir, 'photos/2019/a.jpg'))
    expect(result.folders).toEqual([['photos'], ['photos', '2019'], ['photos', 'empty']])
    expect(result.problems).toEqual([])
    expect(result.totalBytes).toBe(8)
  })

  it('orders a 5-level tree in folder order by code point, whatever the walk order', async () => {
    const rels = [
      'top/z.txt',
      'top/B.txt',
      'top/a.txt',
      'top/a/é.txt',
      'top/a/b/c/d/deep.txt',
      'top/a/b/c/d/Deep.txt',
      'top/a/b/c/mid.txt',
      'top/a/b/x.txt',
      'top/a-b/1.txt',
      'top/ä/1.txt',
      'top/😀/1.txt',
      'top/\uFF21/1.txt', // fullwidth A: U+FF21 sorts before the emoji (U+1F600) by code point, not by UTF-16 unit
    ]
    for (const rel of [...rels].reverse()) await put(dir, rel)
    const result = await scanPaths([join(dir, 'top')])
    expect(relPaths(result)).toEqual([
      'top/B.txt',
      'top/a.txt',
      'top/z.txt',
      'top/a/é.txt',
      'top/a/b/x.txt',
      'top/a/b/c/mid.txt',
      'top/a/b/c/d/Deep.txt',
      'top/a/b/c/d/deep.txt',
      'top/a-b/1.txt',
      'top/ä/1.txt',
      'top/\uFF21/1.txt',
      'top/😀/1.txt',
    ])
    expect(result.folders.map((f) => f.join('/'))).toEqual([
      'top',
      'top/a',
      'top/a/b',
      'top/a/b/c',
      'top/a/b/c/d',
      'top/a-b',
      'top/ä',
      'top/\uFF21',
      'top/😀',
    ])
  })

  it('accepts emoji, right-to-left text and characters Windows forbids, names unchanged', async () => {
    const names = [
      '🎉 party 👩‍👩‍👧.jpg',
      'تقرير سنوي.pdf',
      'שלום עולם.txt',
      'a<b>c:d"e\\f|g?h*i.txt',
      ' leading space.txt',
    ]
    for (const name of names) await put(dir, `mix/${name}`)
    await put(dir, 'mix/مجلد/ملف.txt')
    const result = await scanPaths([join(dir, 'mix')])
    expect(result.problems).toEqual([])
    expect(result.files.map((f) => f.name).sort()).toEqual([...names, 'ملف.txt'].sort())
    expect(result.folders).toContainEqual(['mix', 'مجلد'])
  })

  it('skips OS junk inside folders silently but keeps junk that was given explicitly', async () => {
    await put(dir, 'album/.DS_Store')
    await put(dir, 'album/Thumbs.db')
    await put(dir, 'album/DESKTOP.INI')
    await put(dir, 'album/.Trashes/old.jpg')
    await put(dir, 'album/.hidden-but-real.txt')
    await put(dir, 'album/photo.jpg')
    const explicit = await put(dir, 'Thumbs.db')
    const result = await scanPaths([join(dir, 'album'), explicit])
    expect(relPaths(result)).toEqual(['Thumbs.db', 'album/.hidden-but-real.txt', 'album/photo.jpg'])
    expect(result.folders).toEqual([['album']])
    expect(result.problems).toEqual([])
  })

  it('follows symbolic links to files and folders, under the link’s name', async () => {
    await put(dir, 'real/inner.txt')
    const target = await put(dir, 'target.txt', 'abc')
    await mkdir(join(dir, 'drop'))
    await symlink(target, join(dir, 'drop/link.txt'))
    await symlink(join(dir, 'real'), join(dir, 'drop/linked-folder'))
    const result = await scanPaths([join(dir, 'drop')])
    expect(relPaths(result)).toEqual(['drop/link.txt', 'drop/linked-folder/inner.txt'])
    expect(result.files[0]).toMatchObject({ path: join(dir, 'drop/link.txt'), size: 3 })
    expect(result.folders).toEqual([['drop'], ['drop', 'linked-folder']])
  })

  it('counts a path given twice once', async () => {
    const file = await put(dir, 'once.txt')
    const result = await scanPaths([file, file, join(dir, '.', 'once.txt')])
    expect(relPaths(result)).toEqual(['once.txt'])
  })
})

describe('scanPaths: problems', () => {
  it('not_found: a missing path, a dangling link and an empty path', async () => {
    await mkdir(join(dir, 'd'))
    await symlink(join(dir, 'gone'), join(dir, 'd/dangling'))
    const result = await scanPaths([join(dir, 'missing.txt'), join(dir, 'd'), ''])
    expect(problemKinds(result)).toEqual([
      ['not_found', ''],
      ['not_found', join(dir, 'd/dangling')],
      ['not_found', join(dir, 'missing.txt')],
    ])
    expect(result.problems[1]?.message).toMatch(/symbolic link points to something that does not exist/)
    // A problem carries its words as an error does, for the window to show in its language (errorMessage).
    const dangling = result.problems[1]
    expect(dangling && errorText(await intlFor('tr'), { ...dangling, kind: 'not_found' })).toBe(
      'Bu sembolik bağlantı var olmayan bir şeyi gösteriyor.',
    )
    expect(result.folders).toEqual([['d']])
  })

  it('empty: a zero-byte file is reported, not queued', async () => {
    await put(dir, 'f/zero.bin', '')
    await put(dir, 'f/one.bin', '1')
    const result = await scanPaths([join(dir, 'f')])
    expect(relPaths(result)).toEqual(['f/one.bin'])
    expect(problemKinds(result)).toEqual([['empty', join(dir, 'f/zero.bin')]])
  })

  describe('not_a_file', () => {
    let server: Server | undefined
    afterEach(() => server?.close())

    it('reports a FIFO and a socket inside a folder and given directly, without blocking on the FIFO', async () => {
      await mkdir(join(dir, 's'))
      execFileSync('mkfifo', [join(dir, 's/pipe')])
      execFileSync('mkfifo', [join(dir, 'direct-pipe')])
      const socketPath = join(dir, 's/sock')
      server = createServer()
      await new Promise<void>((done) => server?.listen(socketPath, done))
      await put(dir, 's/ok.txt')
      const result = await scanPaths([join(dir, 's'), join(dir, 'direct-pipe')])
      expect(relPaths(result)).toEqual(['s/ok.txt'])
      expect(problemKinds(result)).toEqual([
        ['not_a_file', join(dir, 'direct-pipe')],
        ['not_a_file', join(dir, 's/pipe')],
        ['not_a_file', socketPath],
      ])
    })

    it('reports a character device given directly', async () => {
      const result = await scanPaths(['/dev/null'])
      expect(problemKinds(result)).toEqual([['not_a_file', '/dev/null']])
    })
  })

  it('symlink_loop: a self-link, two folders linking to each other, a link to the parent', async () => {
    await mkdir(join(dir, 'a'))
    await mkdir(join(dir, 'b'))
    await put(dir, 'a/in-a.txt')
    await put(dir, 'b/in-b.txt')
    await symlink('../b', join(dir, 'a/to-b'))
    await symlink('../a', join(dir, 'b/to-a'))
    await mkdir(join(dir, 'a/sub'))
    await symlink('..', join(dir, 'a/sub/up'))
    await symlink('self', join(dir, 'a/self'))
    const result = await scanPaths([join(dir, 'a')])
    expect(relPaths(result)).toEqual(['a/in-a.txt', 'a/to-b/in-b.txt'])
    expect(problemKinds(result)).toEqual([
      ['symlink_loop', join(dir, 'a/self')],
      ['symlink_loop', join(dir, 'a/sub/up')],
      ['symlink_loop', join(dir, 'a/to-b/to-a')],
    ])
    expect(result.folders).toEqual([['a'], ['a', 'sub'], ['a', 'to-b']])
    expect(result.problems[2]?.message).toContain(`leads back to ${join(dir, 'a')},`)
  })

  it('name_too_long: over the limit (real files) and a path the OS refuses as too long', async () => {
    await put(dir, 'n/short.txt')
    await put(dir, 'n/a-rather-long-name.txt')
    await put(dir, 'n/a-very-long-folder-name/inside.txt')
    const result = await scanPaths([join(dir, 'n'), join(dir, 'x'.repeat(300))], { maxNameLength: 15 })
    expect(relPaths(result)).toEqual(['n/short.txt'])
    expect(problemKinds(result)).toEqual([
      ['name_too_long', join(dir, 'n/a-rather-long-name.txt')],
      ['name_too_long', join(dir, 'n/a-very-long-folder-name')],
      ['name_too_long', join(dir, 'x'.repeat(300))],
    ])
    expect(result.problems[0]?.message).toMatch(/22 characters long; the host keeps at most 15/)
    expect(result.folders).toEqual([['n']])
  })

  it('control_characters: C0 controls and bidi overrides in file and folder names', async () => {
    await put(dir, 'c/line\nbreak.txt')
    await put(dir, 'c/tab\there.txt')
    await put(dir, 'c/invoice\u202Etxt.exe')
    await put(dir, 'c/isolate\u2066x.txt')
    await put(dir, 'c/bad\u0007folder/never-seen.txt')
    await put(dir, 'c/fine.txt')
    const result = await scanPaths([join(dir, 'c')])
    expect(relPaths(result)).toEqual(['c/fine.txt'])
    expect(problemKinds(result).map(([kind]) => kind)).toEqual(Array(5).fill('control_characters'))
    expect(result.problems.map((p) => p.path).sort()).toEqual(
      ['bad\u0007folder', 'invoice\u202Etxt.exe', 'isolate\u2066x.txt', 'line\nbreak.txt', 'tab\there.txt']
        .map((n) => join(dir, 'c', n))
        .sort(),
    )
    expect(result.problems.find((p) => p.path.includes('invoice'))?.message).toContain('U+202E')
    expect(result.folders).toEqual([['c']])
  })

  it('reserved_name: a name of only spaces, and the file-system root', async () => {
    await put(dir, 'r/   ')
    await put(dir, 'r/ok.txt')
    const result = await scanPaths([join(dir, 'r'), '/'])
    expect(relPaths(result)).toEqual(['r/ok.txt'])
    expect(problemKinds(result)).toEqual([
      ['reserved_name', '/'],
      ['reserved_name', join(dir, 'r/   ')],
    ])
  })

  it('unreadable: a name that is not UTF-8 (readdir cannot give it back by name)', async () => {
    await mkdir(join(dir, 'u'))
    await writeFile(
      Buffer.concat([Buffer.from(`${join(dir, 'u')}/bad-`), Buffer.from([0xff, 0xfe]), Buffer.from('.txt')]),
      'x',
    )
    await put(dir, 'u/good.txt')
    const result = await scanPaths([join(dir, 'u')])
    expect(relPaths(result)).toEqual(['u/good.txt'])
    expect(problemKinds(result)).toEqual([['unreadable', join(dir, 'u/bad-\uFFFD\uFFFD.txt')]])
    expect(result.problems[0]?.message).toMatch(/not valid UTF-8/)
  })

  it('too_many_files: nothing is queued past the limit', async () => {
    for (let i = 0; i < 6; i++) await put(dir, `many/f${i}.txt`)
    const within = await scanPaths([join(dir, 'many')], { maxFiles: 6 })
    expect(within.files).toHaveLength(6)
    const over = await scanPaths([join(dir, 'many')], { maxFiles: 5 })
    expect(over).toEqual({
      files: [],
      folders: [],
      problems: [expect.objectContaining({ kind: 'too_many_files', path: join(dir, 'many') })],
      totalBytes: 0,
    })
    expect(over.problems[0]?.message).toMatch(/more than 5 files/)
  })

  it('refuses bad options', async () => {
    await expect(scanPaths([dir], { maxFiles: 0 })).rejects.toMatchObject({ kind: 'invalid_input' })
    await expect(scanPaths([dir], { maxNameLength: 1.5 })).rejects.toMatchObject({ kind: 'invalid_input' })
  })
})
