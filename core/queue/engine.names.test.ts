import { mkdir, symlink } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { allFiles, clientOf, openEngine, removeDir, sandbox, tempDir, writeTree } from './testing/support.ts'

let sb: Awaited<ReturnType<typeof sandbox>>
let src: string

beforeAll(async () => {
  sb = await sandbox()
  src = await tempDir()
})

afterAll(async () => {
  await sb.close()
  await removeDir(sb.dataDir)
  await removeDir(src)
})

// Names people really drop: emoji, right-to-left scripts and the characters Windows forbids all upload under
// their own names; a zero-byte file and a symlink loop each get a clear problem and nothing else is lost.
it('a drop of awkward names ends with each file landed under its exact name or a clear problem', async () => {
  const names = ['holiday 🎉🌴.txt', 'שלום עולם.txt', 'تقرير.txt', 'a<b>:c"d|e?f*.txt', 'ümlaut ñ.txt']
  const tree: Record<string, string> = { 'drop/empty.bin': '' }
  for (const [i, name] of names.entries()) tree[`drop/${name}`] = `content ${i} `.repeat(10 + i)
  await writeTree(src, tree)
  await mkdir(join(src, 'drop', 'loop'))
  await symlink(join(src, 'drop'), join(src, 'drop', 'loop', 'back'))

  const client = clientOf(sb.baseUrl, sb.apiKey)
  const t = await openEngine({ clientFor: () => client })
  try {
    const r = await t.engine.enqueuePaths({
      paths: [join(src, 'drop')],
      targets: [{ accountId: 'main', fldId: 0 }],
    })
    const problems = r.problems.map((p) => [p.kind, p.path.slice(src.length + 1)])
    expect(problems).toEqual(
      expect.arrayContaining([
        ['empty', 'drop/empty.bin'],
        ['symlink_loop', 'drop/loop/back'],
      ]),
    )
    for (const p of r.problems) expect(p.message.length).toBeGreaterThan(10)
    await t.engine.whenIdle()

    const items = t.engine.snapshot().items.filter((i) => i.kind === 'file')
    expect(items.map((i) => [i.name, i.state]).sort()).toEqual(names.map((n) => [n, 'done']).sort())
    const onHost = (await allFiles(client)).map((f) => [f.name, f.size])
    const want = names.map((n, i) => [n, `content ${i} `.repeat(10 + i).length])
    expect(onHost.sort()).toEqual(want.sort())
  } finally {
    await t.close()
  }
})
