import type { IndexService } from './index-service.ts'

/** A file already in a folder, as the upload engine's duplicate check needs it. */
export interface FolderEntry {
  name: string
  size: number
  fileCode: string
  /** Page link, `{base_url}/<file_code>`. */
  link: string
}

/**
 * The one place that answers "what is in folder X of account A" for uploads. `list` has the shape of the upload
 * engine's injected port (core/queue/folder-contents.ts, FolderContents); core/app passes
 * `indexFolderContents(index)` to the engine, so the duplicate check reads the index instead of listing the folder.
 */
export interface IndexFolderContents {
  filesInFolder(accountId: string, fldId: number): Promise<FolderEntry[]>
  list(accountId: string, fldId: number, signal?: AbortSignal): Promise<readonly FolderEntry[]>
}

/**
 * A folder re-read from the host within this long is answered from the index as it is. A duplicate check trusts
 * what it is told (a file it thinks is there is not uploaded), so the index is not trusted for longer than the
 * engine trusted its own listings; one revalidation per folder per minute is cheap.
 */
export const FOLDER_FRESH_MS = 60_000

/**
 * Answers from the index, revalidating the folder against the host first when it was not checked in the last
 * minute (or never: an account not crawled yet is not taken to be empty). If the host cannot be reached then,
 * the error goes to the caller, as a failed listing would.
 */
export function indexFolderContents(index: IndexService, now: () => number = Date.now): IndexFolderContents {
  const filesInFolder = async (accountId: string, fldId: number): Promise<FolderEntry[]> => {
    await index.opened()
    const checked = index.folderCheckedAt(accountId, fldId)
    if (checked === null || now() - checked > FOLDER_FRESH_MS) await index.revalidate(accountId, fldId)
    return index
      .filesIn(accountId, fldId)
      .map((f) => ({ name: f.name, size: f.size, fileCode: f.fileCode, link: f.link }))
  }
  return { filesInFolder, list: (accountId, fldId) => filesInFolder(accountId, fldId) }
}
