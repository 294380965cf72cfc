import type { ConflictPolicy } from '../../shared/downloads.ts'
import {
  type BatchRecord,
  type DownloadFacts,
  type DownloadRow,
  FRESH_ITEM,
  type ItemRecord,
  type JournalRecord,
} from './records.ts'

/**
 * The one builder of a batch's journal line (QueueStore.addBatch and its compaction both write it) and its reader.
 * A batch of downloads is written as rows (records.ts DownloadRows): what every item of the batch shares once,
 * per item only what differs, so a 100,000-file download is a line of about 60 bytes an item instead of 600,
 * and encoding it is that much less JSON work. Other batches keep their full records.
 *
 * The line reads back into exactly the records it was made from (the engine keeps full ItemRecords in memory):
 * any field that differs from what a row implies is written beside the row, and an item that fits no row
 * (another kind, another folder, a field missing) is written whole.
 */

type BatchLine = Extract<JournalRecord, { t: 'batch' }>
type Fields = Record<string, unknown>

/**
 * A download item's id: its batch's and its seq, unique in the store (seqs are), valid as a queueId (letters,
 * digits and -, under 100 characters) and implied by its row, so the line does not carry it.
 */
export function downloadItemId(batchId: string, seq: number): string {
  return idPrefix(batchId) + seq
}

function idPrefix(batchId: string): string {
  return `${batchId}-`
}

/** A batch and its items (in seq order) as one journal line. */
export function batchLine(batch: BatchRecord, items: ItemRecord[]): BatchLine {
  const first = items[0]
  if (batch.kind !== 'downloads' || batch.dir === undefined || first?.download === undefined) {
    return { t: 'batch', batch, items }
  }
  const line: Line = {
    batchId: batch.id,
    addedAt: first.addedAt,
    prefix: idPrefix(batch.id),
    dir: batch.dir,
    onConflict: first.download.onConflict,
    shared: sharedFields(batch.id, first.addedAt),
    accounts: new Indexes((id) => id),
    // NUL is in no file name on any system, so the joined names tell folders apart.
    dirs: new Indexes((relDir) => relDir.join('\0')),
  }
  const rows = items.map((item) => rowOf(item, line) ?? item)
  return {
    t: 'batch',
    batch,
    downloads: {
      addedAt: first.addedAt,
      onConflict: line.onConflict,
      accounts: line.accounts.values,
      dirs: line.dirs.values,
      rows,
    },
  }
}

/** The items of a batch's journal line, either form. */
export function batchItems(line: BatchLine): ItemRecord[] {
  if ('items' in line) return line.items
  const { batch, downloads } = line
  const { accounts, dirs } = downloads
  const of: DownloadBatch = {
    batchId: batch.id,
    dir: batch.dir as string,
    onConflict: downloads.onConflict,
    addedAt: downloads.addedAt,
  }
  return downloads.rows.map((row) => {
    if (!Array.isArray(row)) return row
    const [seq, account, baseFldId, relDir, name, code, size, localName, partBytes, changed] = row
    const item = downloadItem(of, {
      seq,
      accountId: accounts[account] as string,
      baseFldId,
      relDir: [...(dirs[relDir] as string[])],
      name,
      code,
      size,
      localName: localName === 0 ? name : localName,
      partBytes: partBytes ?? null,
    })
    return changed === undefined ? item : Object.assign(item, changed)
  })
}

/** What the items of one batch of downloads share. */
export interface DownloadBatch {
  batchId: string
  /** The folder the batch downloads into (BatchRecord.dir). */
  dir: string
  onConflict: ConflictPolicy
  addedAt: number
}

/** One file of a batch of downloads. */
export interface NewDownload {
  seq: number
  accountId: string
  baseFldId: number
  relDir: string[]
  /** The host's name, and the safe local one. */
  name: string
  localName: string
  code: string
  size: number | null
  /** Bytes already in the work file (null: none). */
  partBytes: number | null
}

/**
 * A download item as it is queued, the one maker of them (downloadBatch, and the rows of a journal line). FRESH_ITEM's
 * fields are written out, not spread: a spread in the middle of the literal made 100,000 of them twice as slow to
 * build (batch-line.test.ts checks they are FRESH_ITEM's).
 */
export function downloadItem(of: DownloadBatch, d: NewDownload): ItemRecord {
  const download: DownloadFacts = {
    dir: of.dir,
    localName: d.localName,
    onConflict: of.onConflict,
    finalPath: null,
  }
  if (d.partBytes !== null) download.partBytes = d.partBytes
  return {
    id: downloadItemId(of.batchId, d.seq),
    seq: d.seq,
    batchId: of.batchId,
    kind: 'download',
    accountId: d.accountId,
    baseFldId: d.baseFldId,
    basePath: '',
    relDir: d.relDir,
    name: d.name,
    source: d.code,
    size: d.size,
    mtimeMs: null,
    state: FRESH_ITEM.state,
    attempts: FRESH_ITEM.attempts,
    snapshot: FRESH_ITEM.snapshot,
    sending: FRESH_ITEM.sending,
    fileCode: d.code,
    targetFldId: FRESH_ITEM.targetFldId,
    requestedAt: FRESH_ITEM.requestedAt,
    error: FRESH_ITEM.error,
    finishedAt: FRESH_ITEM.finishedAt,
    result: FRESH_ITEM.result,
    historyWritten: FRESH_ITEM.historyWritten,
    addedAt: of.addedAt,
    download,
  }
}

/** What the rows of one line share, and the tables they index. */
interface Line {
  batchId: string
  addedAt: number
  /** downloadItemId of the batch, without the seq. */
  prefix: string
  dir: string
  onConflict: ConflictPolicy
  shared: Fields
  accounts: Indexes<string>
  dirs: Indexes<string[]>
}

/** The fields every fresh download item of a batch has, and that a row does not carry. */
function sharedFields(batchId: string, addedAt: number): Fields {
  const { fileCode: _implied, ...fresh } = FRESH_ITEM
  return { ...fresh, batchId, kind: 'download', basePath: '', mtimeMs: null, addedAt }
}

const SHARED_KEYS = Object.keys(sharedFields('', 0))
/** Fields a row carries (or implies from others: id from seq, fileCode from source). */
const IN_ROW = [
  'id',
  'seq',
  'accountId',
  'baseFldId',
  'relDir',
  'name',
  'source',
  'size',
  'fileCode',
  'download',
]
const FIELDS = SHARED_KEYS.length + IN_ROW.length

/** An item's row, or null when it does not fit one (it is written whole). */
function rowOf(item: ItemRecord, line: Line): DownloadRow | null {
  const download = item.download
  if (download === undefined || !Array.isArray(item.relDir)) return null
  const plain = fitsRow(download, line)
  const changed = isFresh(item, plain, line) ? undefined : changedFields(item, plain, line)
  if (changed === null) return null
  const row: DownloadRow = [
    item.seq,
    line.accounts.of(item.accountId),
    item.baseFldId,
    line.dirs.of(item.relDir),
    item.name,
    item.source,
    item.size,
    download.localName === item.name ? 0 : download.localName,
  ]
  const partBytes = plain && download.partBytes !== undefined ? download.partBytes : null
  if (partBytes !== null || changed !== undefined) row.push(partBytes)
  if (changed !== undefined) row.push(changed)
  return row
}

/**
 * The quick answer for an item as downloadItem made it (every item of a new batch): all its fields, each with
 * the value its row implies. Read field by field, not through a list of names: that lookup was most of the cost
 * of a 100,000-item line. Its fields are counted, so one this does not know sends the item to changedFields
 * (batch-line.test.ts changes each FRESH_ITEM field in turn, so a field added there and not here fails it).
 */
function isFresh(item: ItemRecord, plain: boolean, line: Line): boolean {
  if (!plain || item.fileCode !== item.source || !isIdOf(item.id, line.prefix, item.seq)) return false
  if (typeof item.seq !== 'number' || typeof item.name !== 'string' || typeof item.source !== 'string')
    return false
  if (typeof item.accountId !== 'string' || typeof item.baseFldId !== 'number' || item.size === undefined)
    return false
  if (
    item.batchId !== line.batchId ||
    item.kind !== 'download' ||
    item.basePath !== '' ||
    item.mtimeMs !== null ||
    item.addedAt !== line.addedAt ||
    item.state !== FRESH_ITEM.state ||
    item.attempts !== FRESH_ITEM.attempts ||
    item.snapshot !== FRESH_ITEM.snapshot ||
    item.sending !== FRESH_ITEM.sending ||
    item.targetFldId !== FRESH_ITEM.targetFldId ||
    item.requestedAt !== FRESH_ITEM.requestedAt ||
    item.error !== FRESH_ITEM.error ||
    item.finishedAt !== FRESH_ITEM.finishedAt ||
    item.result !== FRESH_ITEM.result ||
    item.historyWritten !== FRESH_ITEM.historyWritten
  )
    return false
  let count = 0
  for (const _ in item) count++
  return count === FIELDS
}

/**
 * Is `id` prefix + seq? Compared digit by digit: making the string of each of 100,000 ids to compare it was most
 * of isFresh's time. A seq that is not a whole number is left to changedFields.
 */
function isIdOf(id: string, prefix: string, seq: number): boolean {
  if (!Number.isSafeInteger(seq) || seq < 0 || !id.startsWith(prefix)) return false
  let at = id.length - 1
  let rest = seq
  do {
    if (at < prefix.length || id.charCodeAt(at) !== 48 + (rest % 10)) return false
    rest = Math.floor(rest / 10)
    at--
  } while (rest > 0)
  return at === prefix.length - 1
}

/**
 * The fields of `item` whose values its row does not imply (undefined: none), or null when it lacks a field its
 * row would bring back. Goes over the record's own fields, so one added to ItemRecord later is kept too.
 */
function changedFields(item: ItemRecord, plain: boolean, line: Line): Fields | undefined | null {
  let changed: Fields | undefined
  let implied = 0
  for (const key in item) {
    const value = (item as unknown as Fields)[key]
    // Dropped by JSON in either form.
    if (value === undefined) continue
    let same: boolean
    if (IN_ROW.includes(key)) {
      implied++
      same =
        (key !== 'id' || value === line.prefix + item.seq) &&
        (key !== 'fileCode' || value === item.source) &&
        (key !== 'download' || plain)
    } else if (key in line.shared) {
      implied++
      same = line.shared[key] === value
    } else same = false
    if (!same) {
      changed ??= {}
      changed[key] = value
    }
  }
  return implied === FIELDS ? changed : null
}

/**
 * The download facts are those of a fresh item of this batch (its folder and policy, nothing put in place yet),
 * but for localName and partBytes, which the row carries.
 */
function fitsRow(download: DownloadFacts, line: Line): boolean {
  let count = 0
  for (const _ in download) count++
  return (
    download.dir === line.dir &&
    download.onConflict === line.onConflict &&
    download.finalPath === null &&
    typeof download.localName === 'string' &&
    (download.partBytes === undefined ? count === 4 : typeof download.partBytes === 'number' && count === 5)
  )
}

/**
 * Distinct values (accounts, folders) numbered in the order first met. Looked up by the value itself first: the
 * items of a plan share one relDir array per folder, and joining it for each of 100,000 items was a string each.
 */
class Indexes<T> {
  readonly values: T[] = []
  private readonly byValue = new Map<T, number>()
  private readonly byKey = new Map<string, number>()

  constructor(private readonly keyOf: (value: T) => string) {}

  of(value: T): number {
    let at = this.byValue.get(value)
    if (at !== undefined) return at
    const key = this.keyOf(value)
    at = this.byKey.get(key)
    if (at === undefined) {
      at = this.values.length
      this.values.push(value)
      this.byKey.set(key, at)
    }
    this.byValue.set(value, at)
    return at
  }
}
