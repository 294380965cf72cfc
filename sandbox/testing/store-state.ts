import { readFile } from 'node:fs/promises'
import { parseRecords, splitJournal } from '../../core/durable/journal-lines.ts'
import type { Entry, FileRec, Folder } from '../model.ts'
import { Store } from '../store.ts'

/** The entries of a journal file, as the sandbox replays them. */
export async function journalEntries(file: string): Promise<Entry[]> {
  return parseRecords<Entry>(splitJournal(await readFile(file)).lines).records
}

/** A store rebuilt from entries, as a start does (expired sessions forgotten as of `now`). */
export function replay(entries: readonly Entry[], now = Date.now()): Store {
  const store = new Store()
  for (const e of entries) store.apply(e)
  store.pruneSessions(now)
  return store
}

/**
 * Everything a store holds, as plain data for toEqual: two stores with equal states answer every request alike.
 * Cached JSON is left out (it is derived and filled lazily).
 */
export function storeState(store: Store): unknown {
  const file = ({ listJson: _l, folderJson: _f, uploadedText: _u, ...rec }: FileRec) => rec
  const codes = (list: FileRec[]) => list.map((r) => r.code)
  const folder = (f: Folder) => ({ ...f, files: codes(f.files) })
  return {
    secret: store.secret,
    nextIds: [store.newAccountId(), store.newFolderId()],
    accounts: [...store.accounts.values()].map((a) => ({
      ...a,
      root: folder(a.root),
      files: codes(a.files),
      deleted: codes(a.deleted),
      stats: [...a.stats.entries()].sort(([x], [y]) => x.localeCompare(y)),
    })),
    files: [...store.files.values()].map(file).sort((x, y) => x.seq - y.seq),
    folders: [...store.folders.values()].map(folder).sort((x, y) => x.id - y.id),
    sessions: [...store.sessions.values()].sort((x, y) => x.id.localeCompare(y.id)),
  }
}
