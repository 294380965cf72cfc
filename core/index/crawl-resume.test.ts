import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { expect, it } from 'vitest'
import { ACCOUNT, indexedCodes, indexRigsPerTest } from './testing/index-rig.ts'

const openRig = indexRigsPerTest()

const child = fileURLToPath(new URL('./testing/crawl-child.ts', import.meta.url))

it('resumes a crawl killed with SIGKILL mid-way, from where it was, and ends exact', async () => {
  const rig = await openRig({ seedFiles: 20_000, maxPerPage: 100, faults: { latencyMs: 5 } })
  const proc = spawn(
    process.execPath,
    ['--import', 'tsx', child, rig.file, rig.sandbox.sb.baseUrl, ACCOUNT],
    {
      env: { ...process.env, FILEDOCK_API_KEY: rig.sandbox.sb.apiKey },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    proc.once('exit', (_code, signal) => resolve(signal)),
  )
  let indexedAtKill = 0
  for await (const line of createInterface({ input: proc.stdout })) {
    if (line === 'done') break
    const event = JSON.parse(line) as { filesIndexed: number }
    if (event.filesIndexed >= 5_000) {
      indexedAtKill = event.filesIndexed
      proc.kill('SIGKILL')
      break
    }
  }
  expect(await exited).toBe('SIGKILL')
  expect(indexedAtKill).toBeGreaterThanOrEqual(5_000)

  await rig.sandbox.sb.setFaults({ latencyMs: 0 })
  const index = await rig.open({ perPage: 100 })
  const before = index.status()[0]
  // The killed crawl's position survived: rows indexed before the kill are there, and the crawl is still owed.
  expect(before?.filesIndexed).toBeGreaterThanOrEqual(indexedAtKill - 300)
  expect(before?.lastFullCrawl).toBeNull()
  const firstProgress = rig.events.length
  await index.crawl(ACCOUNT)
  const progress = rig.events.slice(firstProgress).filter((e) => e.type === 'index.progress')
  // It went on from where it was rather than starting over.
  expect(progress.find((e) => e.state === 'crawling')?.filesIndexed).toBeGreaterThanOrEqual(
    indexedAtKill - 300,
  )
  const host = await rig.hostFiles()
  const codes = indexedCodes(index, { key: 'uploaded', dir: 'desc' })
  expect(codes).toHaveLength(20_000)
  expect(new Set(codes)).toEqual(new Set(host.map((f) => f.fileCode)))
  expect(index.status()[0]).toMatchObject({ state: 'ready', filesIndexed: 20_000, warning: null })
}, 120_000)
