import * as fsp from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PLAN_EXAMPLES } from '../../shared/downloads.ts'
import { partNameOf } from '../download/work-files.ts'
import { type DownloadSource, type PlannedDownload, planDownloads, planSummary } from './download-plan.ts'

/**
 * The summary the Download dialog shows of a plan: its counts and examples, read in one pass over the plan's files
 * (a plan holds 100,000), the examples in the plan's order.
 */
let root: string
beforeAll(async () => {
  root = await fsp.mkdtemp(join(tmpdir(), 'filedock-plan-summary-'))
})
afterAll(async () => {
  await fsp.rm(root, { recursive: true, force: true })
})

const FILES = 1_000
const code = (i: number) => `c${String(i).padStart(11, '0')}`

/** A list whose reads of its files are counted (a for-of, a filter or a spread reads each file once). */
function counted(files: PlannedDownload[], reads: { n: number }): PlannedDownload[] {
  return new Proxy(files, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads.n++
      return Reflect.get(target, key, receiver)
    },
  })
}

describe('the summary of a plan', () => {
  it('counts conflicts, renamed names, resumed work and files already here, with examples, in one pass', async () => {
    const dir = join(root, 'to')
    await fsp.mkdir(dir)
    const files: DownloadSource[] = Array.from({ length: FILES }, (_, i) => ({
      code: code(i),
      // Every 10th name is not safe on Linux: it is renamed.
      name: i % 10 === 0 ? `a/b ${i}.txt` : `file ${i}.txt`,
      size: 100,
      relDir: [],
      accountId: 'main',
      fldId: 5,
    }))
    for (let i = 0; i < FILES; i++) {
      if (i % 4 === 1) await fsp.writeFile(join(dir, `file ${i}.txt`), Buffer.alloc(i % 8 === 1 ? 100 : 7))
      if (i % 6 === 3) await fsp.writeFile(join(dir, partNameOf(`file ${i}.txt`, code(i))), Buffer.alloc(30))
    }
    const plan = await planDownloads({ files, dir, onConflict: 'rename', platform: 'linux' })
    const all = [...plan.toFetch, ...plan.alreadyHere]
    const conflicts = plan.toFetch.filter((f) => f.state === 'conflict')
    const renamed = all.filter((f) => f.renamedFrom !== undefined)
    expect([conflicts.length, renamed.length, plan.alreadyHere.length]).toEqual([125, 100, 125])
    expect(conflicts.length).toBeGreaterThan(PLAN_EXAMPLES)

    const reads = { n: 0 }
    const summary = planSummary({
      ...plan,
      toFetch: counted(plan.toFetch, reads),
      alreadyHere: counted(plan.alreadyHere, reads),
    })
    expect(reads.n).toBe(FILES)
    expect(summary).toEqual({
      dir,
      toFetch: FILES - 125,
      alreadyHere: 125,
      conflicts: 125,
      resumed: plan.toFetch.filter((f) => f.partBytes > 0).length,
      renamed: 100,
      totalBytes: plan.totalBytes,
      bytesAlreadyHere: 125 * 100,
      freeBytes: plan.freeBytes,
      conflictExamples: conflicts.slice(0, PLAN_EXAMPLES).map((f) => ({ path: f.path, existingSize: 7 })),
      renamedExamples: renamed.slice(0, PLAN_EXAMPLES).map((f) => ({ from: f.renamedFrom, to: f.localName })),
      problems: [],
    })
    expect(summary.resumed).toBeGreaterThan(0)
  })
})
