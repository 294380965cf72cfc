import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../api/client.ts'
import { clientOf, ofType, openEngine, removeDir, sandbox, tempDir, writeTree } from './testing/support.ts'

interface HostTree {
  fldId: number
  files: string[]
  folders: Map<string, HostTree[]>
}

/** The host's tree under `fldId`, keeping twins (two folders of one name) visible as arrays. */
async function hostTree(client: ApiClient, fldId: number): Promise<HostTree> {
  const l = await client.folderList(fldId)
  const folders = new Map<string, HostTree[]>()
  for (const f of l.folders) {
    const list = folders.get(f.name) ?? []
    list.push(await hostTree(client, f.fldId))
    folders.set(f.name, list)
  }
  return { fldId, files: l.files.map((f) => f.name).sort(), folders }
}

/** Expected tree: relative folder path → file names. */
function expected(paths: string[], emptyDirs: string[]): Map<string, string[]> {
  const m = new Map<string, string[]>()
  const ensure = (dir: string) => {
    const parts = dir.split('/')
    for (let n = 1; n <= parts.length; n++) {
      const d = parts.slice(0, n).join('/')
      if (!m.has(d)) m.set(d, [])
    }
  }
  for (const p of paths) {
    const dir = p.slice(0, p.lastIndexOf('/'))
    ensure(dir)
    m.get(dir)?.push(p.slice(p.lastIndexOf('/') + 1))
  }
  for (const d of emptyDirs) ensure(d)
  return m
}

/** Flattens the host tree to the same shape, failing on twins. */
function flatten(tree: HostTree, prefix: string, out: Map<string, string[]>): void {
  out.set(prefix, tree.files)
  for (const [name, list] of tree.folders) {
    expect(list, `twin folders named ${prefix}/${name}`).toHaveLength(1)
    flatten(list[0] as HostTree, `${prefix}/${name}`, out)
  }
}

describe('mirroring a 5-level tree of 1,000 files', () => {
  let sb: Awaited<ReturnType<typeof sandbox>>
  let src: string
  const files: string[] = []
  const empty = ['mirror/a/empty', 'mirror/b/void/deeper']

  beforeAll(async () => {
    sb = await sandbox()
    src = await tempDir()
    const dirs: string[] = []
    for (const l2 of ['a', 'b'])
      for (const l3 of ['c', 'd', 'e'])
        for (const l4 of ['f', 'g']) for (const l5 of ['h', 'i']) dirs.push(`mirror/${l2}/${l3}/${l4}/${l5}`)
    const all = [...new Set(dirs.flatMap((d) => d.split('/').map((_, n, p) => p.slice(0, n + 1).join('/'))))]
    expect(all).toHaveLength(45)
    const content: Record<string, string> = {}
    for (let i = 0; i < 1000; i++) {
      const path = `${all[i % all.length]}/file${i}.txt`
      files.push(path)
      content[path] = `content of ${i} `.repeat(1 + (i % 5))
    }
    await writeTree(src, content)
    for (const d of empty) await mkdir(join(src, d), { recursive: true })
  })

  afterAll(async () => {
    await sb.close()
    await removeDir(sb.dataDir)
    await removeDir(src)
  })

  it('creates the exact structure, reusing folders that already exist', async () => {
    const client = clientOf(sb.baseUrl, sb.apiKey)
    // Already on the host: part of the tree, with a file of its own, and an unrelated folder.
    const mirror = (await client.folderCreate('mirror', 0)).fldId
    const a = (await client.folderCreate('a', mirror)).fldId
    const c = (await client.folderCreate('c', (await client.folderCreate('b', mirror)).fldId)).fldId
    await client.folderCreate('unrelated', mirror)
    const old = await client.upload(await oldFile(src), { fileName: 'old.txt' })
    await client.fileSetFolder(old.fileCode, a)

    const t = await openEngine({ clientFor: () => client, concurrency: 8 })
    const started = performance.now()
    const r = await t.engine.enqueuePaths({
      paths: [join(src, 'mirror')],
      targets: [{ accountId: 'main', fldId: 0 }],
    })
    expect(r.problems).toEqual([])
    expect(r.accepted).toBe(1002) // 1000 files and 2 empty leaf folders
    await t.engine.whenIdle()
    const elapsed = performance.now() - started
    expect(t.engine.snapshot().totals.done).toBe(1002)

    const want = expected(files, empty)
    want.get('mirror/a')?.push('old.txt')
    want.set('mirror/unrelated', [])
    const got = new Map<string, string[]>()
    const tree = await hostTree(client, 0)
    expect(tree.folders.get('mirror')).toHaveLength(1)
    flatten(tree.folders.get('mirror')?.[0] as HostTree, 'mirror', got)
    const sorted = (m: Map<string, string[]>) => [...m.entries()].map(([k, v]) => [k, [...v].sort()]).sort()
    expect(sorted(got)).toEqual(sorted(want))
    // The folders that were there are the ones used.
    expect(tree.folders.get('mirror')?.[0]?.fldId).toBe(mirror)
    const aTree = tree.folders.get('mirror')?.[0]?.folders.get('a')?.[0]
    expect(aTree?.fldId).toBe(a)
    expect(tree.folders.get('mirror')?.[0]?.folders.get('b')?.[0]?.folders.get('c')?.[0]?.fldId).toBe(c)
    expect(tree.files).toEqual([])

    const done = ofType(t.events, 'batch.finished')[0]
    expect(done?.entries.map((e) => e.relPath)).toEqual(
      [...files].sort((x, y) => {
        const dx = x.split('/').slice(0, -1)
        const dy = y.split('/').slice(0, -1)
        for (let i = 0; i < Math.min(dx.length, dy.length); i++) {
          if (dx[i] !== dy[i]) return (dx[i] as string) < (dy[i] as string) ? -1 : 1
        }
        if (dx.length !== dy.length) return dx.length - dy.length
        return x < y ? -1 : x > y ? 1 : 0
      }),
    )
    expect(done?.entries.find((e) => e.relPath === 'mirror/a/c/f/h/file4.txt')?.folderPath).toBe(
      'mirror/a/c/f/h',
    )
    console.log(`1,000-file tree mirrored in ${Math.round(elapsed)} ms`)
    await t.close()
    await client.close()
    await removeDir(t.dataDir)
  }, 90_000)
})

async function oldFile(dir: string): Promise<string> {
  const path = join(dir, 'old.txt')
  await writeTree(dir, { 'old.txt': 'was here before' })
  return path
}
