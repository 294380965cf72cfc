import { defineMessages, type IntlShape } from 'react-intl'
import type { AlreadyThereCount, EnqueueResult } from '../../../../shared/queue.ts'
import { api } from '../../app/bridge.ts'
import { descriptors } from '../../i18n/descriptors.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { toast } from '../../state/toast-store.ts'
import { type AlreadyThereChoice, useUploads } from '../../state/upload-store.ts'
import { askAboutWebPages } from './check-urls.ts'
import { type Destination, destinationLabel } from './destination.ts'
import { type PickedTree, topLevel } from './dropped-files.ts'
import { stageTree } from './stage-files.ts'

const m = descriptors(
  defineMessages({
    pagesSkipped: {
      id: 'upload.enqueue.pagesSkipped',
      defaultMessage: 'Nothing was queued: the web pages were skipped.',
    },
    notSent: {
      id: 'upload.enqueue.notSent',
      defaultMessage:
        '{alone, select, yes {Could not send “{name}” to Filedock: {error}} other {Could not send {count, plural, one {# item} other {# items}} to Filedock: {error}}}',
    },
    nothingQueued: { id: 'upload.enqueue.nothingQueued', defaultMessage: 'Nothing was queued: {error}' },
    allThere: {
      id: 'upload.enqueue.allThere',
      defaultMessage:
        '{count, plural, one {# file already there, nothing to send} other {# files already there, nothing to send}}',
    },
    queued: {
      id: 'upload.enqueue.queued',
      defaultMessage:
        '{count, plural, one {Queued # upload to {destination}} other {Queued # uploads to {destination}}}',
    },
    queuedSomeThere: {
      id: 'upload.enqueue.queuedSomeThere',
      defaultMessage:
        '{count, plural, one {Queued # upload to {destination}} other {Queued # uploads to {destination}}}; {there, plural, one {# file already there, not sent again} other {# files already there, not sent again}}',
    },
  }),
)

/**
 * The ways into the queue, all ending the same: problems shown at once in the problems dialog, a toast saying
 * what was queued, and the queue panel open. Failures are toasts with the host's words.
 */
export async function enqueuePaths(paths: string[], t: Destination): Promise<void> {
  if (paths.length === 0) return
  const { choice, skipped } = await askAboutFilesAlreadyThere(paths, t)
  await settle(
    () => call(api.queue.enqueuePaths({ paths, targets: t.targets, ifAlreadyThere: choice })),
    t,
    skipped,
  )
}

/**
 * One question per drop, and only when some of its files are already in their folders. When the count cannot be
 * had (the host is unreachable, the key needs fixing) nothing is asked: the drop is queued with the default,
 * and the engine still skips what it finds there when each file's turn comes. `skipped`: the files the person
 * chose not to send again, for the toast (the engine reports them done with their links when their turn comes).
 */
async function askAboutFilesAlreadyThere(
  paths: string[],
  t: Destination,
): Promise<{ choice: AlreadyThereChoice; skipped: number }> {
  let count: AlreadyThereCount
  try {
    count = await call(api.queue.countAlreadyThere({ paths, targets: t.targets }))
  } catch {
    return { choice: 'skip', skipped: 0 }
  }
  if (count.alreadyThere === 0) return { choice: 'skip', skipped: 0 }
  const choice = await useUploads.getState().askAlreadyThere(count)
  return { choice, skipped: choice === 'skip' ? count.alreadyThere : 0 }
}

export async function enqueueUrls(urls: string[], t: Destination): Promise<boolean> {
  const checked = await askAboutWebPages(urls)
  if (checked.urls.length === 0) {
    toast.info((intl) => intl.formatMessage(m.pagesSkipped))
    return true
  }
  return settle(() => call(api.queue.enqueueUrls({ ...checked, targets: t.targets })), t)
}

/** Electron hands over real paths; the browser host needs the files sent to it first. */
export async function enqueueTree(tree: PickedTree, t: Destination, intl: IntlShape): Promise<void> {
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
    staged = await stageTree(intl, tree, uploads.setStaging)
  } catch (error) {
    const names = topLevel(tree)
    toast.error((intl) =>
      intl.formatMessage(m.notSent, {
        alone: names.length === 1 ? 'yes' : 'no',
        name: names[0],
        count: names.length,
        error: errorMessage(error),
      }),
    )
    return
  } finally {
    uploads.setStaging(null)
  }
  await enqueuePaths(staged, t)
}

/** `skipped`: files of the drop already there and not sent again; the toast says what is sent and what is not. */
async function settle(run: () => Promise<EnqueueResult>, t: Destination, skipped = 0): Promise<boolean> {
  let result: EnqueueResult
  try {
    result = await run()
  } catch (error) {
    toast.error((intl) => intl.formatMessage(m.nothingQueued, { error: errorMessage(error) }))
    return false
  }
  const uploads = useUploads.getState()
  if (result.problems.length > 0) uploads.showProblems(result.problems)
  if (result.accepted === 0) return true
  // The question's count: an account refused for lack of space may have taken some of those files with it.
  const there = Math.min(skipped, result.accepted)
  const toSend = result.accepted - there
  if (toSend === 0) {
    // Nothing goes up: the finished card follows with their existing links; the queue panel has nothing to show.
    toast.info((intl) => intl.formatMessage(m.allThere, { count: there }))
    return true
  }
  uploads.setPanelOpen(true)
  toast.info((intl) =>
    intl.formatMessage(there > 0 ? m.queuedSomeThere : m.queued, {
      count: toSend,
      destination: destinationLabel(intl, t),
      there,
    }),
  )
  return true
}
