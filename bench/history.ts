import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { serializeEntry } from '../core/history/history-file.ts'
import { HISTORY_FILE, type HistoryEntry, HistoryStore } from '../core/history/history-store.ts'
import { medianAndMax } from './lib/stats.ts'

const RECORDS = 100_000

/**
 * The upload history at 100,000 records: opening it (as the app and the CLI do at start), a text search that
 * matches one record, and one batch's records. The store in this process, as the core opens it; each round opens
 * the file afresh. Its test (core/history/history-store.test.ts) checks why it is quick: no record parsed at open,
 * only the lines a search can match parsed after.
 */
export async function benchHistory(work: string, rounds: number) {
  const dir = join(work, 'history')
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, HISTORY_FILE), historyText(RECORDS))
  const open: number[] = []
  const search: number[] = []
  const batch: number[] = []
  for (let i = 0; i < Math.max(rounds, 5); i++) {
    let started = performance.now()
    const store = await HistoryStore.open(dir)
    open.push(performance.now() - started)
    started = performance.now()
    const found = store.search({ text: 'STRAND 9999.jpg', limit: 1000 })
    search.push(performance.now() - started)
    started = performance.now()
    const inBatch = store.byBatch('batch-500')
    batch.push(performance.now() - started)
    if (found.length !== 1 || inBatch.length !== 100) throw new Error('history bench: wrong results')
    await store.close()
  }
  return {
    records: RECORDS,
    openMs: medianAndMax(open),
    searchOneMatchMs: medianAndMax(search),
    batchOf100Ms: medianAndMax(batch),
  }
}

function historyText(n: number): string {
  const lines: string[] = []
  for (let i = 0; i < n; i++) {
    const code = `code${String(i).padStart(8, '0')}`
    const entry: HistoryEntry = {
      id: `id-${i}`,
      finishedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i % 60)).toISOString(),
      accountId: 'acc-1',
      accountLabel: 'Main account',
      baseUrl: 'https://host.example',
      name: i % 3 === 0 ? `Urlaub Strand ${i}.jpg` : `report-${i}.pdf`,
      size: 1000 + i,
      fldId: 0,
      folderPath: `archive/${i % 50}`,
      fileCode: code,
      pageLink: `https://host.example/${code}`,
      batchId: `batch-${Math.floor(i / 100)}`,
      relPath: `archive/${i % 50}/report-${i}.pdf`,
    }
    lines.push(`${serializeEntry(entry)}\n`)
  }
  return lines.join('')
}
