import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { HISTORY_DIR } from '../core/app/upload-queue.ts'
import { serializeEntry } from '../core/history/history-file.ts'
import { HISTORY_FILE, type HistoryEntry } from '../core/history/history-store.ts'
import { startReady } from './lib/child.ts'
import { openHostSocket } from './lib/host-socket.ts'
import { medianAndMax } from './lib/stats.ts'

const RECORDS = 100_000

/**
 * The upload history at 100,000 records, as a user meets it in the browser host: the host's start to ready (the
 * core opens the history then) beside the same start with no history, measured in turns in the same run, and
 * the first searches over its WebSocket after the start (a record is parsed when a search first reaches it): a
 * text matching one record, and the newest page of 100. Its test (core/history/history-store.test.ts) checks why
 * it is quick: no record parsed at open, only the lines a search can match parsed after.
 */
export async function benchHistory(work: string, rounds: number) {
  const full = join(work, 'history-full')
  const empty = join(work, 'history-empty')
  await mkdir(join(full, HISTORY_DIR), { recursive: true })
  await mkdir(empty, { recursive: true })
  await writeFile(join(full, HISTORY_DIR, HISTORY_FILE), historyText(RECORDS))
  const startFull: number[] = []
  const startEmpty: number[] = []
  const search: number[] = []
  const newest: number[] = []
  for (let i = 0; i < Math.max(rounds, 3); i++) {
    startEmpty.push((await startHost(empty, () => Promise.resolve())).ms)
    startFull.push(
      (
        await startHost(full, async (url) => {
          const socket = await openHostSocket(url)
          try {
            const timed = async (input: object, expected: number) => {
              const started = performance.now()
              const found = await socket.call<HistoryEntry[]>('history.search', input)
              const ms = performance.now() - started
              if (found.length !== expected) throw new Error(`history bench: ${found.length} found`)
              return ms
            }
            search.push(await timed({ text: 'STRAND 9999.jpg', limit: 1000, offset: 0 }, 1))
            newest.push(await timed({ limit: 100, offset: 0 }, 100))
          } finally {
            socket.close()
          }
        })
      ).ms,
    )
  }
  return {
    records: RECORDS,
    hostStartToReadyMs: medianAndMax(startFull, 0),
    hostStartToReadyNoHistoryMs: medianAndMax(startEmpty, 0),
    firstSearchOneMatchMs: medianAndMax(search),
    firstNewest100Ms: medianAndMax(newest),
  }
}

/** Starts the browser host on `dataDir`, runs `use` on its URL, stops it; the time to its ready line. */
async function startHost(dataDir: string, use: (url: string) => Promise<void>): Promise<{ ms: number }> {
  const started = performance.now()
  const host = await startReady<{ url: string }>('web/main.ts', ['--port', '0', '--data', dataDir], 60_000)
  const ms = performance.now() - started
  try {
    await use(host.ready.url)
  } finally {
    await host.stop()
  }
  return { ms }
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
