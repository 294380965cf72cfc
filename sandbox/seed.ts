import { codeFrom, prng } from './codes.ts'
import { dayOf } from './envelope.ts'
import type { Account, Entry } from './model.ts'
import { profitPerDownload } from './model.ts'
import type { Store } from './store.ts'

const day = 86_400_000
const folderWords = ['Photos', 'Videos', 'Documents', 'Music', 'Backups', 'Projects', 'Archive', 'Shared']
const stems = ['holiday', 'report', 'backup', 'clip', 'scan', 'track', 'invoice', 'draft', 'render', 'dump']
/** The one folder of a flat seed. */
export const FLAT_FOLDER = 'Bulk'

type SeedEntry = Extract<Entry, { t: 'seed' }>

const exts = ['mp4', 'zip', 'jpg', 'pdf', 'mkv', 'rar', 'png', 'txt', 'iso', 'mp3']

/**
 * Fills an account with `n` files spread over a few folders, plus 30 days of statistics, all derived from the
 * entry's salt and time: the journal holds one small `seed` line and replaying it rebuilds identical records.
 * Seeded files have no blob; their content is generated on download from `virt` (see blobs.ts), so seeding 100k
 * files writes nothing to disk but that line.
 *
 * Shape: ceil(n / 1000) folders (at most 100; every fourth is a subfolder of the one before), files spread evenly
 * over the root and those folders (about 1000 each at 100k, so a folder/list answer stays ~140 KB), uploaded over
 * the year before the seed, one in ten not public (public=0). A flat seed puts every file in one folder instead.
 */
export function seedAccount(store: Store, acct: Account, e: SeedEntry): void {
  if (acct.seeded) return
  acct.seeded = true
  if (e.flat) {
    seedFlat(store, acct, e)
    return
  }
  const rand = prng(e.salt)
  const folderIds = [0]
  let lastTop = 0
  const folderCount = Math.min(100, Math.max(1, Math.ceil(e.n / 1000)))
  for (let i = 0; i < folderCount; i++) {
    const parent = i % 4 === 3 ? lastTop : 0
    const name = `${folderWords[i % folderWords.length]} ${String(i + 1).padStart(2, '0')}`
    const folder = store.addFolder(store.newFolderId(), acct.id, parent, name)
    if (!folder) continue
    if (parent === 0) lastTop = folder.id
    folderIds.push(folder.id)
  }
  addSeededFiles(store, acct, e, rand, () => folderIds[Math.floor(rand() * folderIds.length)] ?? 0)
  addStats(store, acct, e, rand)
}

/** `--seed-flat`: every file in one folder, `Bulk` (for a folder of 100,000 files). */
function seedFlat(store: Store, acct: Account, e: SeedEntry): void {
  const rand = prng(e.salt)
  const folder = store.addFolder(store.newFolderId(), acct.id, 0, FLAT_FOLDER)
  const fld = folder?.id ?? 0
  addSeededFiles(store, acct, e, rand, () => fld)
  addStats(store, acct, e, rand)
}

function addSeededFiles(
  store: Store,
  acct: Account,
  e: SeedEntry,
  rand: () => number,
  folderOf: () => number,
): void {
  const start = e.at - 365 * day
  const step = (365 * day) / Math.max(1, e.n)
  for (let i = 0; i < e.n; i++) {
    let code = codeFrom(rand)
    while (store.files.has(code)) code = codeFrom(rand)
    const fld = folderOf()
    const name = `${stems[i % stems.length]}_${i + 1}.${exts[Math.floor(rand() * exts.length)]}`
    const size = rand() < 0.03 ? 0 : Math.floor(Math.exp(rand() * Math.log(64 * 1024 * 1024)))
    const at = Math.floor((start + i * step) / 1000) * 1000
    const downloads = Math.floor(rand() ** 3 * 500)
    const virt = Math.floor(rand() * 0xffffffff)
    const entry = { t: 'file', code, acct: acct.id, name, size, fld, at, blob: null, virt } as const
    store.addFile(entry, downloads, i % 10 === 9 ? 0 : 1)
  }
}

function addStats(store: Store, acct: Account, e: SeedEntry, rand: () => number): void {
  for (let d = 0; d < 30; d++) {
    const stats = store.dayStats(acct, dayOf(e.at - d * day))
    const downloads = Math.floor(rand() * 300)
    stats.downloads += downloads
    stats.views += downloads + Math.floor(rand() * 600)
    stats.profit += downloads * profitPerDownload
  }
}
