import { statSync } from 'node:fs'
import { join } from 'node:path'
import { ApiClient } from '../core/api/client.ts'
import { filesJson } from '../core/index/files-json.ts'
import { IndexService, type IndexServiceOptions } from '../core/index/index-service.ts'
import type { ResolvedQuery } from '../core/index/query-sql.ts'
import type { SandboxRef } from '../sandbox/testing/api-calls.ts'
import type { IndexSortKey } from '../shared/file-index.ts'
import { startAppHost } from './app-host.ts'
import { startReady } from './lib/child.ts'
import { type HostSocket, openHostSocket } from './lib/host-socket.ts'
import { median, quantile, round } from './lib/stats.ts'

const FILES = 100_000
export const ACCOUNT = 'bench'

/**
 * The account index (issue 7): crawling 100,000 files from a sandbox process (per_page 500, and a host clamping
 * to 100), windows of a 100,000-file folder for each sort, substring search over 1,000,000 rows, the index's size
 * on disk, and copying the page links of 100,000 files through the browser host's WebSocket.
 */
export async function benchIndex(work: string, rounds: number) {
  const crawl500 = await timedCrawl(join(work, 'ix-500'), ['--seed-files', String(FILES)], 500)
  const crawl100 = await timedCrawl(
    join(work, 'ix-100'),
    ['--seed-files', String(FILES), '--max-per-page', '100'],
    500,
  )
  const flat = await timedCrawl(
    join(work, 'ix-flat'),
    ['--seed-files', String(FILES), '--seed-flat'],
    500,
    true,
  )
  return {
    crawl100kPerPage500: { ...crawl500.figures, target: '< 20 s' },
    crawl100kClampedTo100: { ...crawl100.figures, target: '< 60 s' },
    window100Rows100kFolder: { ...flat.windows, target: '< 5 ms median' },
    windowsWhileChecking100kFolder: await windowsWhileChecking(work, rounds),
    sizeOnDiskPer100kMiB: { value: crawl500.figures.sizeMiB, target: '< 40 MiB' },
    search1M: { ...(await searchMillion(join(work, 'ix-1m'))), target: '< 50 ms median' },
    subtree1M: { ...(await searchSubtreeOfMillion(join(work, 'ix-1m'))), target: '< 50 ms median' },
    copyLinks100kOverWebSocket: { ...(await copyLinksOverSocket(work, rounds)), target: '< 1 s' },
  }
}

export async function timedCrawl(dir: string, seedArgs: string[], perPage: number, windows = false) {
  const sandbox = await startReady<SandboxRef>(
    'sandbox/main.ts',
    ['--port', '0', '--data', join(dir, 'sb'), ...seedArgs],
    120_000,
  )
  const client = new ApiClient({ baseUrl: sandbox.ready.baseUrl, apiKey: sandbox.ready.apiKey })
  const file = join(dir, 'file-index.sqlite')
  const index = IndexService.open({
    file,
    clientFor: async () => client,
    accounts: () => [{ id: ACCOUNT, label: 'Bench' }],
    emit: () => undefined,
    perPage,
    autoCrawl: false,
    log: () => undefined,
  })
  await index.opened()
  try {
    const started = performance.now()
    await index.crawl(ACCOUNT)
    const seconds = (performance.now() - started) / 1000
    const [status] = index.status()
    if (status?.filesIndexed !== FILES) throw new Error(`crawl indexed ${status?.filesIndexed} of ${FILES}`)
    const result = {
      figures: { seconds: round(seconds, 1), files: status.filesIndexed, sizeMiB: 0 },
      windows: windows ? measureWindows(index) : undefined,
    }
    await index.close()
    result.figures.sizeMiB = round(diskMiB(file), 1)
    return result
  } finally {
    await client.close()
    await sandbox.stop()
  }
}

function diskMiB(file: string): number {
  let bytes = 0
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      bytes += statSync(file + suffix).size
    } catch {
      // not there (checkpointed on close)
    }
  }
  return bytes / 1024 / 1024
}

function firstFile(index: IndexService) {
  const [first] = index.window(
    { accts: [index.acct(ACCOUNT)], fldId: null, search: '', sort: { key: 'name', dir: 'asc' } },
    [ACCOUNT],
    0,
    1,
  ).rows
  if (first?.kind !== 'file') throw new Error('no files indexed')
  return first
}

/** 100-row windows at random offsets of the 100,000-file folder, each sort key and direction. */
function measureWindows(index: IndexService) {
  const { fldId } = firstFile(index)
  const out: Record<string, { medianMs: number; p95Ms: number }> = {}
  for (const key of ['name', 'size', 'uploaded', 'downloads'] as IndexSortKey[]) {
    for (const dir of ['asc', 'desc'] as const) {
      const q: ResolvedQuery = { accts: [index.acct(ACCOUNT)], fldId, search: '', sort: { key, dir } }
      const ms: number[] = []
      for (let i = 0; i < 220; i++) {
        const offset = Math.floor(Math.random() * (FILES - 100))
        const started = performance.now()
        const w = index.window(q, [ACCOUNT], offset, 100)
        const took = performance.now() - started
        if (w.rows.length !== 100) throw new Error(`window of ${w.rows.length} rows`)
        if (i >= 20) ms.push(took)
      }
      out[`${key} ${dir}`] = { medianMs: round(median(ms), 2), p95Ms: round(quantile(ms, 0.95), 2) }
    }
  }
  return out
}

const stems = ['holiday', 'report', 'backup', 'clip', 'scan', 'track', 'invoice', 'draft', 'render', 'dump']
const exts = ['mp4', 'zip', 'jpg', 'pdf', 'mkv', 'rar', 'png', 'txt', 'iso', 'mp3']
/** A name shaped like the sandbox's seeded files (`report_1042.zip`). */
export function seedName(i: number): string {
  return `${stems[i % stems.length]}_${i + 1}.${exts[(i * 7) % exts.length]}`
}

const searchTerms = [
  'holiday_12345',
  'report_9999',
  'clip_5',
  'invoice_77',
  'xyz',
  'scan_31415',
  'track_2718',
  'ump_4',
]

/** The options of an index in `dir` with no host behind it: the rows are written straight in. */
export function hostlessIndex(dir: string): IndexServiceOptions {
  return {
    file: join(dir, 'file-index.sqlite'),
    clientFor: async () => {
      throw new Error('no host in this section')
    },
    accounts: () => [{ id: ACCOUNT, label: 'Bench' }],
    emit: () => undefined,
    autoCrawl: false,
    log: () => undefined,
  }
}

async function openHostless(dir: string): Promise<IndexService> {
  const index = IndexService.open(hostlessIndex(dir))
  await index.opened()
  return index
}

/**
 * Search over 1,000,000 rows. Crawling a million files from a sandbox would measure the sandbox, so the rows are
 * written straight into the index (the same writes a crawl makes, names shaped like the sandbox's seed), then
 * searched as the file pane searches: the first 100-row window of the account, sorted by name, with the totals.
 */
export async function searchMillion(dir: string) {
  const index = await openHostless(dir)
  const acct = index.acct(ACCOUNT)
  const batch = []
  for (let i = 0; i < 1_000_000; i++) {
    const code = (i * 2654435761).toString(36).padStart(12, '0').slice(-12)
    batch.push({
      fileCode: `${code}${i}`,
      name: seedName(i),
      downloads: i % 500,
      thumbnail: null,
      public: 1,
      size: (i * 7919) % 64_000_000,
      link: `http://127.0.0.1/${code}${i}/x.html`,
      fldId: i % 100,
      uploaded: `2026-01-01 00:00:${String(i % 60).padStart(2, '0')}`,
    })
    if (batch.length === 10_000) {
      await index.recordChange(ACCOUNT, { kind: 'filesAdded', files: filesJson(batch) })
      batch.length = 0
    }
  }
  const ms: number[] = []
  const hits: Record<string, number> = {}
  for (let i = 0; i < 8 * 25; i++) {
    const search = searchTerms[i % searchTerms.length] as string
    const started = performance.now()
    const w = index.window(
      { accts: [acct], fldId: null, search, sort: { key: 'name', dir: 'asc' } },
      [ACCOUNT],
      0,
      100,
    )
    ms.push(performance.now() - started)
    hits[search] = w.total
  }
  await index.close()
  return { rows: 1_000_000, medianMs: round(median(ms), 2), p95Ms: round(quantile(ms, 0.95), 2), hits }
}

/**
 * Search from a folder, which takes in its subfolders, over searchMillion's 1,000,000 rows (run it first): its 100
 * folders made a tree (1–9 in the root, 10–99 ten under each of those), each holding 10,000 files. From folder 3
 * (in the root, with 30–39 under it: 110,000 files) and from 35 (a leaf: 10,000), as the file pane asks: the first
 * 100-row window by name with the totals, for each of searchMillion's terms (cold: the first time; warm: asked
 * again, the totals remembered). Then 100-row windows of folder 3's whole subtree at random offsets, by name, and
 * the same right after a file of it is renamed (the subtree's anchors are found again: one sort of its rows).
 */
export async function searchSubtreeOfMillion(dir: string) {
  const index = await openHostless(dir)
  const acct = index.acct(ACCOUNT)
  for (let fld = 1; fld < 100; fld++)
    await index.recordChange(ACCOUNT, {
      kind: 'folderAdded',
      parentId: fld < 10 ? 0 : Math.floor(fld / 10),
      fldId: fld,
      name: `f${fld}`,
    })
  const sort = { key: 'name', dir: 'asc' } as const
  const timed = (under: number, search: string, offset: number) => {
    const started = performance.now()
    const w = index.window({ accts: [acct], fldId: null, under, search, sort }, [ACCOUNT], offset, 100)
    return { ms: performance.now() - started, total: w.total }
  }
  const figures = (ms: number[]) => ({ medianMs: round(median(ms), 2), p95Ms: round(quantile(ms, 0.95), 2) })
  const search = (under: number) => {
    const cold: number[] = []
    const warm: number[] = []
    const hits: Record<string, number> = {}
    for (const term of searchTerms) {
      const first = timed(under, term, 0)
      cold.push(first.ms)
      hits[term] = first.total
      for (let i = 0; i < 24; i++) warm.push(timed(under, term, 0).ms)
    }
    return { cold: figures(cold), warm: figures(warm), hits }
  }
  const rows = 110_000 + 10
  const deep = () => Math.floor(Math.random() * (rows - 100))
  const searchFromMidFolder = search(3)
  const searchFromLeaf = search(35)
  const windows: number[] = []
  for (let i = 0; i < 220; i++) {
    const w = timed(3, '', deep())
    if (w.total !== rows) throw new Error(`a subtree of ${w.total} rows`)
    if (i >= 20) windows.push(w.ms)
  }
  const afterWrite: number[] = []
  const [inSubtree] = index.filesIn(ACCOUNT, 31)
  if (inSubtree === undefined) throw new Error('folder 31 is empty')
  for (let i = 0; i < 20; i++) {
    await index.recordChange(ACCOUNT, {
      kind: 'fileRenamed',
      fileCode: inSubtree.fileCode,
      name: `renamed_${i}.bin`,
    })
    afterWrite.push(timed(3, '', deep()).ms)
  }
  await index.close()
  return {
    searchFromMidFolder,
    searchFromLeaf,
    windowsOfMidFolder: { rows, ...figures(windows) },
    windowAfterWriteOfMidFolder: { rows, ...figures(afterWrite) },
  }
}

/** index.copyLinks of a whole 100,000-file account, over the browser host's WebSocket, as the page asks it. */
export async function copyLinksOverSocket(work: string, rounds: number) {
  const sandbox = await startReady<SandboxRef>(
    'sandbox/main.ts',
    ['--port', '0', '--data', join(work, 'ix-ws-sb'), '--seed-files', String(FILES)],
    120_000,
  )
  const host = await startAppHost(join(work, 'ix-ws-host'))
  try {
    const socket = await openHostSocket(host.url)
    const { call } = socket
    const account = await addIndexedAccount(socket, sandbox.ready)
    const selection = {
      kind: 'query',
      query: { scope: { kind: 'account', accountId: account.id }, sort: { key: 'name', dir: 'asc' } },
    }
    const ms: number[] = []
    for (let i = 0; i < rounds + 1; i++) {
      const started = performance.now()
      const links = await call<{ count: number; text: string | null }>('index.copyLinks', { selection })
      const took = performance.now() - started
      if (links.count !== FILES || links.text?.split('\n').length !== FILES)
        throw new Error(`copied ${links.count} links`)
      if (i > 0) ms.push(took)
    }
    socket.close()
    return {
      files: FILES,
      medianMs: Math.round(median(ms)),
      maxMs: Math.round(Math.max(...ms)),
      runs: ms.length,
    }
  } finally {
    await host.stop()
    await sandbox.stop()
  }
}

/** Adds the sandbox's account through the host and waits for its first full crawl. */
async function addIndexedAccount(socket: HostSocket, sandbox: SandboxRef): Promise<{ id: string }> {
  const account = await socket.call<{ id: string }>('accounts.add', { label: 'Bench', ...sandbox })
  for (;;) {
    const [status] = await socket.call<Array<{ lastFullCrawl: string | null }>>('index.status', {})
    if (status?.lastFullCrawl) return account
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/**
 * Opening a folder checks it against the host: every page read again and the folder replaced in the index. The
 * page keeps asking for windows meanwhile (a scroll, a sort, End), so this asks for 100-row windows of the
 * 100,000-file folder over the browser host's WebSocket, one after another, from the moment the check is asked
 * until its result arrives, and reports their round trips beside the same windows with nothing else going on.
 * One file is renamed on the host first, behind the app's back, so the check finds a change and says so
 * (index.changed): the event after which the index has the new name ends each round. The file is on the host's
 * last page: the check writes its first page at once (and says so if it changed), so only the whole folder's
 * replacement brings it.
 */
export async function windowsWhileChecking(work: string, rounds: number) {
  const sandbox = await startReady<SandboxRef>(
    'sandbox/main.ts',
    ['--port', '0', '--data', join(work, 'ix-check-sb'), '--seed-files', String(FILES), '--seed-flat'],
    120_000,
  )
  const host = await startAppHost(join(work, 'ix-check-host'))
  const client = new ApiClient({ baseUrl: sandbox.ready.baseUrl, apiKey: sandbox.ready.apiKey })
  try {
    const socket = await openHostSocket(host.url)
    const account = await addIndexedAccount(socket, sandbox.ready)
    const accountScope = { kind: 'account', accountId: account.id }
    const sort = { key: 'name', dir: 'asc' }
    const [first] = (
      await socket.call<{ rows: Array<{ fldId: number; fileCode: string }> }>('index.query', {
        query: { scope: accountScope, sort },
        offset: 0,
        limit: 1,
      })
    ).rows
    if (first === undefined) throw new Error('nothing indexed')
    const listed = await client.fileList({ fldId: first.fldId, page: FILES / 500, perPage: 500 })
    const renamed = listed.files.at(-1)
    if (renamed === undefined) throw new Error('the folder has no last page')
    const folder = { scope: { kind: 'folder', accountId: account.id, fldId: first.fldId }, sort }
    const windowMs = async () => {
      const started = performance.now()
      const offset = Math.floor(Math.random() * (FILES - 100))
      await socket.call('index.query', { query: folder, offset, limit: 100 })
      return performance.now() - started
    }
    const idle: number[] = []
    for (let i = 0; i < 300; i++) idle.push(await windowMs())
    const during: number[] = []
    const checkSeconds: number[] = []
    let changed: (() => void) | null = null
    socket.onEvent((event) => {
      if (event.type === 'index.changed') changed?.()
    })
    for (let round = 0; round < rounds; round++) {
      const name = `renamed behind the app ${round}.bin`
      await client.fileRename(renamed.fileCode, name)
      let done = false
      // The round ends with the change that brings the rename (the folder's replacement), not another one.
      const landed = new Promise<void>((resolve) => {
        changed = () => {
          void socket
            .call<{ name: string } | null>('index.file', {
              accountId: account.id,
              fileCode: renamed.fileCode,
            })
            .then((row) => {
              if (row?.name !== name || done) return
              done = true
              resolve()
            })
        }
      })
      const started = performance.now()
      await socket.call('index.refresh', { accountId: account.id, fldId: first.fldId })
      while (!done) during.push(await windowMs())
      await landed
      checkSeconds.push((performance.now() - started) / 1000)
    }
    socket.close()
    const figures = (ms: number[]) => ({
      windows: ms.length,
      medianMs: round(median(ms), 2),
      p95Ms: round(quantile(ms, 0.95), 1),
      maxMs: round(Math.max(...ms), 1),
    })
    return {
      files: FILES,
      checkSeconds: round(median(checkSeconds), 2),
      windowRoundTripWhileChecking: figures(during),
      windowRoundTripIdle: figures(idle),
      target: 'a window while checking as quick as a sort: < 100 ms',
    }
  } finally {
    await client.close()
    await host.stop()
    await sandbox.stop()
  }
}
