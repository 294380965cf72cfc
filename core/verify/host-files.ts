import pLimit from 'p-limit'
import type { ApiClient } from '../api/client.ts'
import { apiFolderContents } from '../queue/folder-contents.ts'

export interface HostFile {
  relPath: string
  fileCode: string
  size: number
}

/** Folder listings asked at once while walking the host's tree. */
const LIST_CONCURRENCY = 4

/**
 * Every file under host folder `fldId`, sub-folders included, keyed by its path under it (`a/b/name`, as the
 * local tree mirrors it). Listed through the one FolderContents (file/list, paged) and folder/list's subfolders.
 * Two files of the same name in one folder: the first listed is kept (a local folder cannot hold both).
 */
export async function hostFiles(
  client: ApiClient,
  fldId: number,
  signal?: AbortSignal,
): Promise<Map<string, HostFile>> {
  const contents = apiFolderContents(async () => client)
  const limit = pLimit(LIST_CONCURRENCY)
  const out = new Map<string, HostFile>()
  const opts = signal ? { signal } : undefined
  const walk = async (id: number, prefix: string): Promise<void> => {
    const [files, folders] = await Promise.all([
      limit(() => contents.list('', id, signal)),
      limit(() => client.subfolders(id, opts)),
    ])
    for (const f of files) {
      const relPath = `${prefix}${f.name}`
      if (!out.has(relPath)) out.set(relPath, { relPath, fileCode: f.fileCode, size: f.size })
    }
    await Promise.all(folders.map((sub) => walk(sub.fldId, `${prefix}${sub.name}/`)))
  }
  await walk(fldId, '')
  return out
}
