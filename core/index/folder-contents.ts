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
 * The one place that answers "what is in folder X of account A" for uploads. The upload engine takes this as an
 * injected port; core/app passes `indexFolderContents(index)`.
 */
export interface FolderContents {
  filesInFolder(accountId: string, fldId: number): Promise<FolderEntry[]>
}

/**
 * Answers from the index. A folder the index cannot vouch for (the account was never fully crawled and the
 * folder never revalidated) is revalidated against the host first, so a duplicate check never trusts an empty
 * index; if the host cannot be reached then, the error goes to the caller, which decides whether to upload anyway.
 */
export function indexFolderContents(index: IndexService): FolderContents {
  return {
    async filesInFolder(accountId, fldId) {
      if (!index.complete([accountId]) && !index.folderChecked(accountId, fldId)) {
        await index.revalidate(accountId, fldId)
      }
      return index.reader
        .filesIn(index.acct(accountId), fldId)
        .map((f) => ({ name: f.name, size: f.size, fileCode: f.fileCode, link: f.link }))
    },
  }
}
