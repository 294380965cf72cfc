/**
 * The names of every IPC call, and nothing else. Kept apart from the schemas in contract.ts so the sandboxed
 * preload can generate its API from this list without bundling zod; contract.ts is checked against it by the
 * compiler (a missing or extra entry there is a type error), so the two cannot drift.
 */
export const channelNames = [
  'app.info',
  'accounts.list',
  'accounts.add',
  'accounts.update',
  'accounts.remove',
  'accounts.setActive',
  'accounts.tryOffline',
  'account.info',
  'account.stats',
  'folders.list',
  'folders.create',
  'folders.rename',
  'files.info',
  'files.rename',
  'files.clone',
  'files.directLink',
  'files.deleted',
  'files.check',
  'index.query',
  'index.status',
  'index.refresh',
  'index.summarize',
  'index.copyLinks',
  'index.links',
  'index.moveSelection',
  'index.file',
  'queue.snapshot',
  'queue.enqueuePaths',
  'queue.countAlreadyThere',
  'queue.checkUrls',
  'queue.enqueueUrls',
  'queue.pause',
  'queue.resume',
  'queue.cancel',
  'queue.retryFailed',
  'queue.clearFinished',
  'queue.setConcurrency',
  'queue.setBandwidthLimit',
  'history.search',
  'links.pack',
  'settings.get',
  'settings.update',
  'dialog.pickPaths',
  'local.pickFolder',
  'local.listFolders',
  'local.createFolder',
  'local.rememberFolder',
  'watch.list',
  'watch.add',
  'watch.setPaused',
  'watch.remove',
  'app.setOpenFolder',
  'history.health',
  'history.checkLinks',
  'history.setCheckSchedule',
  'history.exportCsv',
  'downloads.plan',
  'downloads.start',
  'downloads.folder',
  'downloads.reveal',
  'drag.prepare',
  'drag.cached',
  'drag.start',
  'arrivals.list',
  'arrivals.dismiss',
  'updates.status',
  'updates.check',
  'updates.installOnQuit',
  'updates.restart',
  'files.previewBytes',
  'history.verifyBatch',
  'history.cancelVerify',
  'history.verifyReport',
] as const

export type ChannelName = (typeof channelNames)[number]

/** The error operation that marks "this host has no native dialog" (the browser host): the page uses its file input. */
export const NO_NATIVE_DIALOG: ChannelName = 'dialog.pickPaths'
/** local.pickFolder's answer in the browser host, which has no OS dialog: the page shows its own picker. */
export const NO_NATIVE_FOLDER_DIALOG: ChannelName = 'local.pickFolder'

/** The one channel main pushes AppEvents on (Electron). Not a call: nothing answers on it. */
export const EVENT_CHANNEL = 'filedock:event'

const known: ReadonlySet<string> = new Set(channelNames)

/** Own-list membership, so `__proto__`, `constructor` and friends are never mistaken for a channel. */
export function isChannelName(value: unknown): value is ChannelName {
  return typeof value === 'string' && known.has(value)
}
