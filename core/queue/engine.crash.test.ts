import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { idleSummary, startRun } from './testing/engine-process.ts'
import { allFiles, clientOf, countNames, removeDir, sandbox, tempDir, writeTree } from './testing/support.ts'

/**
 * kill -9 at random moments, restart on the same data folder, until the queue reports done: every file is on
 * the host exactly once. The engine runs in a child process (a real SIGKILL); the sandbox stays up in here.
 */
describe('a queue killed with SIGKILL and restarted', () => {
  let sb: Awaited<ReturnType<typeof sandbox>>
  let src: string
  let data: string

  beforeAll(async () => {
    sb = await sandbox()
    src = await tempDir()
    data = await tempDir()
    const files: Record<string, Buffer> = {}
    for (let i = 0; i < 200; i++) {
      files[`crash/d${i % 5}/${i % 2 ? 'odd' : 'even'}/f${i}.bin`] = randomBytes(
        20_000 + ((i * 7919) % 30_000),
      )
    }
    await writeTree(src, files)
  })

  afterAll(async () => {
    await sb.close()
    await removeDir(sb.dataDir)
    await removeDir(src)
    await removeDir(data)
  })

  it('ends with each of 200 files on the host exactly once', async () => {
    const args = ['--data', data, '--base', sb.baseUrl, '--key', sb.apiKey, '--src', join(src, 'crash')]
    // A bandwidth limit stretches the run so the kills land mid-upload, not only between files.
    const throttled = [...args, '--bandwidth', String(2 * 1024 * 1024)]
    let kills = 0
    for (let round = 0; round < 6; round++) {
      const run = startRun(throttled)
      await run.opened
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 700))
      if (run.child.exitCode === null) {
        run.child.kill('SIGKILL')
        kills++
      }
      const end = await run.exited
      if (end.code === 0) break
      expect(end.signal).toBe('SIGKILL')
    }
    const final = startRun(args)
    const end = await final.exited
    expect(end.code, end.out).toBe(0)
    expect(idleSummary(end.out)).toEqual({ items: 200, done: 200, failed: [] })
    expect(kills).toBeGreaterThanOrEqual(3)

    const client = clientOf(sb.baseUrl, sb.apiKey)
    const onHost = await allFiles(client)
    const counts = countNames(onHost)
    expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([])
    expect(onHost).toHaveLength(200)
    const top = await client.folderList(0)
    expect(top.folders.filter((f) => f.name === 'crash')).toHaveLength(1)
    const crash = top.folders.find((f) => f.name === 'crash')?.fldId as number
    expect((await client.folderList(crash)).folders.map((f) => f.name).sort()).toEqual([
      'd0',
      'd1',
      'd2',
      'd3',
      'd4',
    ])
    await client.close()
  }, 120_000)
})
