import type { AlreadyThereCount, DropTarget } from '../../shared/queue.ts'
import type { ApiClient } from '../api/client.ts'
import { checkTargets } from './enqueue.ts'
import type { ExistingFiles } from './folder-contents.ts'
import type { FolderMirror } from './folder-mirror.ts'
import type { ScanResult } from './scan.ts'

export interface AlreadyThereDeps {
  clientFor(accountId: string): Promise<ApiClient>
  mirror: FolderMirror
  existing: ExistingFiles
  /** The drop's scan (kept for its enqueue: scan-reuse.ts). */
  scan(paths: readonly string[]): Promise<ScanResult>
}

/**
 * Before a drop is queued: how many of its files are already in the folders they would go to (same name and
 * size), so the app can ask once whether to skip them or send them again. The same answer the engine acts on
 * when the file's turn comes (upload-item.ts), from the same folder listings; nothing is created on the host.
 * Files that cannot be read or checked count as not there: the drop then proceeds as usual and reports them.
 */
export async function countAlreadyThere(
  input: { paths: readonly string[]; targets: readonly DropTarget[] },
  d: AlreadyThereDeps,
): Promise<AlreadyThereCount> {
  const targets = checkTargets(input.targets)
  const scan = await d.scan(input.paths)
  let there = 0
  for (const { accountId, fldId: base } of targets) {
    const client = await d.clientFor(accountId)
    const folders = new Map<string, Promise<number | null>>()
    for (const f of scan.files) {
      const key = f.relDir.join('/')
      let folder = folders.get(key)
      if (!folder) {
        folder = d.mirror.find(accountId, client, base, f.relDir)
        folders.set(key, folder)
      }
      const fldId = await folder
      if (fldId !== null && (await d.existing.find(accountId, fldId, f.name, f.size)) !== null) there++
    }
  }
  return { files: scan.files.length * targets.length, alreadyThere: there }
}
