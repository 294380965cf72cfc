import { existsSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import { ACCOUNT, type IndexRig, indexRigsPerTest } from './testing/index-rig.ts'

const openRig = indexRigsPerTest()

async function crawledRig(): Promise<IndexRig> {
  const r = await openRig({ seedFiles: 2_000 })
  const index = await r.open()
  await index.crawl(ACCOUNT)
  await index.close()
  return r
}

for (const [what, damage] of [
  ['overwritten with garbage', (file: string) => writeFileSync(file, Buffer.alloc(64 * 1024, 0x5a))],
  [
    'cut in half (a half-written copy)',
    (file: string) => truncateSync(file, Math.floor(readFileSync(file).length / 2)),
  ],
  [
    'with a damaged page in the middle',
    (file: string) => {
      const bytes = readFileSync(file)
      bytes.fill(0xff, 8192, 8192 + 4096)
      writeFileSync(file, bytes)
    },
  ],
] as const) {
  it(`sets an index file ${what} aside, says so once, and rebuilds it from the host`, async () => {
    const r = await crawledRig()
    damage(r.file)
    const logged: string[] = []
    const index = await r.open({ log: (line) => logged.push(line) })
    expect(logged.filter((l) => l.includes('set aside'))).toHaveLength(1)
    const aside = readdirSync(r.dir).filter(
      (n) => n.includes('.damaged-') && !n.endsWith('-wal') && !n.endsWith('-shm'),
    )
    expect(aside).toHaveLength(1)
    expect(index.status()[0]).toMatchObject({
      filesIndexed: 0,
      warning: expect.stringContaining('rebuilt from the host'),
    })
    await index.crawl(ACCOUNT)
    expect(index.status()[0]).toMatchObject({ state: 'ready', filesIndexed: 2_000, warning: null })
    await index.close()
    // The rebuilt file opens cleanly next time: nothing more is set aside, nothing more is said.
    const again = await r.open({ log: (line) => logged.push(line) })
    expect(logged.filter((l) => l.includes('set aside'))).toHaveLength(1)
    expect(again.status()[0]).toMatchObject({ filesIndexed: 2_000, warning: null })
    expect(existsSync(r.file)).toBe(true)
  }, 60_000)
}
