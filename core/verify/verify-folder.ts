import type { VerifyResult } from '../../shared/verify.ts'
import type { ApiClient } from '../api/client.ts'
import { hostFiles } from './host-files.ts'
import { localFiles } from './local-files.ts'
import { type VerifyEntry, type VerifyOptions, verifyFiles } from './verify-files.ts'

export interface VerifyFolderOptions extends Omit<VerifyOptions, 'client' | 'entries'> {
  client: ApiClient
  /** The local folder; its sub-folders mirror the host folder's. */
  dir: string
  fldId: number
}

/**
 * Verifies the local folder `dir` against host folder `fldId`, matching files by their path under each.
 * A local file with no host copy at its path is "not uploaded", unless a file of that name is among the
 * account's deleted files (files/deleted): then it was uploaded and is gone, "missing on the host".
 * Decision: files/deleted records carry no folder (the spec shows none), so that match is by name alone; a
 * same-named file deleted from another folder makes a never-uploaded file read "missing", the safer mistake.
 * Files on the host with no local counterpart are not reported: verify answers for the local files.
 */
export async function verifyFolder(o: VerifyFolderOptions): Promise<VerifyResult[]> {
  const signal = o.signal ? { signal: o.signal } : undefined
  const [local, host, deleted] = await Promise.all([
    localFiles(o.dir),
    hostFiles(o.client, o.fldId, o.signal),
    o.client.filesDeleted(signal),
  ])
  const deletedByName = new Map(deleted.map((d) => [d.name, d.fileCode] as const))
  const entries: VerifyEntry[] = local.map((f) => {
    const copy = host.get(f.relPath)
    if (copy) return { relPath: f.relPath, localPath: f.path, fileCode: copy.fileCode }
    const name = f.relPath.slice(f.relPath.lastIndexOf('/') + 1)
    const gone = deletedByName.get(name)
    return gone === undefined
      ? { relPath: f.relPath, localPath: f.path, fileCode: null }
      : { relPath: f.relPath, localPath: f.path, fileCode: gone, deletedOnHost: true }
  })
  return verifyFiles({ ...o, entries })
}
