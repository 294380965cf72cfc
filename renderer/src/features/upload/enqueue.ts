import type { AlreadyThereCount, EnqueueResult } from '../../../../shared/queue.ts'
import { api } from '../../app/bridge.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { formatCount } from '../../lib/format.ts'
import { toast } from '../../state/toast-store.ts'
import { type AlreadyThereChoice, useUploads } from '../../state/upload-store.ts'
import { askAboutWebPages } from './check-urls.ts'
import type { Destination } from './destination.ts'
import { type PickedTree, topLevel } from './dropped-files.ts'
import { stageTree } from './stage-files.ts'

/**
 * The ways into the queue, all ending the same: problems shown at once in the problems dialog, a toast saying
 * what was queued, and the queue panel open. Failures are toasts with the host's words.
 */
export async function enqueuePaths(paths: string[], t: Destination): Promise<void> {
  if (paths.length === 0) return
  const ifAlreadyThere = await askAboutFilesAlreadyThere(paths, t)
  await settle(() => call(api.queue.enqueuePaths({ paths, targets: t.targets, ifAlreadyThere })), t)
}

/**
 * One question per drop, and only when some of its files are already in their folders. When the count cannot be
 * had (the host is unreachable, the key needs fixing) nothing is asked: the drop is queued with the default,
 * and the engine still skips what it finds there when each file's turn comes.
 */
async function askAboutFilesAlreadyThere(paths: string[], t: Destination): Promise<AlreadyThereChoice> {
  let count: AlreadyThereCount
  try {
    count = await call(api.queue.countAlreadyThere({ paths, targets: t.targets }))
  } catch {
    return 'skip'
  }
  if (count.alreadyThere === 0) return 'skip'
  return useUploads.getState().askAlreadyThere(count, t.label)
}

export async function enqueueUrls(urls: string[], t: Destination): Promise<boolean> {
  const checked = await askAboutWebPages(urls)
  if (checked.urls.length === 0) {
    toast.info('Nothing was queued: the web pages were skipped.')
    return true
  }
  return settle(() => call(api.queue.enqueueUrls({ ...checked, targets: t.targets })), t)
}

/** Electron hands over real paths; the browser host needs the files sent to it first. */
export async function enqueueTree(tree: PickedTree, t: Destination): Promise<void> {
  if (tree.files.length === 0 && tree.emptyDirs.length === 0) return
  if (api.pathsForFiles) {
    // A file input in Electron: each file has its path; folders come through the native dialog instead.
    const paths = api.pathsForFiles(tree.files.map((f) => f.file)).filter((p) => p !== '')
    return enqueuePaths(paths, t)
  }
  const uploads = useUploads.getState()
  uploads.setPanelOpen(true)
  let staged: string[]
  try {
    staged = await stageTree(tree, uploads.setStaging)
  } catch (error) {
    toast.error(`Could not send ${nameItems(topLevel(tree))} to Filedock: ${errorMessage(error)}`)
    return
  } finally {
    uploads.setStaging(null)
  }
  await enqueuePaths(staged, t)
}

async function settle(run: () => Promise<EnqueueResult>, t: Destination): Promise<boolean> {
  let result: EnqueueResult
  try {
    result = await run()
  } catch (error) {
    toast.error(`Nothing was queued: ${errorMessage(error)}`)
    return false
  }
  const uploads = useUploads.getState()
  if (result.problems.length > 0) uploads.showProblems(result.problems)
  if (result.accepted > 0) {
    uploads.setPanelOpen(true)
    toast.info(`Queued ${formatCount(result.accepted, 'upload')} to ${t.label}`)
  }
  return true
}

function nameItems(names: string[]): string {
  return names.length === 1 ? `“${names[0]}”` : formatCount(names.length, 'item')
}
