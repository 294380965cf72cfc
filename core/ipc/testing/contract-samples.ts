import { type ChannelName, channelNames } from '../../../shared/ipc/channels.ts'
import type { Handlers, InputOf } from '../../../shared/ipc/types.ts'

/**
 * One valid input per channel, for round-trip tests of the transports. Typed against the contract, so a new
 * channel does not compile until it has a sample here.
 */
export const sampleInputs: { [K in ChannelName]: InputOf<K> } = {
  'app.info': {},
  'accounts.list': {},
  'accounts.add': { label: 'Work', baseUrl: 'https://files.example.com', apiKey: 'k3y-abcdef123456' },
  'accounts.update': { id: 'acc-1', label: 'Renamed' },
  'accounts.remove': { id: 'acc-1' },
  'accounts.setActive': { id: 'acc-1' },
  'accounts.tryOffline': {},
  'account.info': {},
  'account.stats': { accountId: 'acc-2' },
  'folders.list': { fldId: 0 },
  'folders.create': { parentId: 0, name: 'Photos' },
  'folders.rename': { fldId: 7, name: 'Holiday 2024' },
  'files.info': { fileCodes: ['abc123def456'] },
  'files.rename': { fileCode: 'abc123def456', name: 'notes.txt' },
  'files.clone': { fileCode: 'abc123def456' },
  'files.directLink': { fileCode: 'abc123def456' },
  'files.deleted': {},
  'files.check': { urls: ['https://files.example.com/abc123def456'] },
  'files.previewBytes': { fileCode: 'abc123def456', start: 0, length: 4096 },
  'index.query': {
    query: { scope: { kind: 'folder', fldId: 0 }, search: 'report', sort: { key: 'name', dir: 'asc' } },
    offset: 0,
    limit: 100,
  },
  'index.status': {},
  'index.refresh': { fldId: 3 },
  'index.summarize': {
    selection: {
      kind: 'query',
      query: { scope: { kind: 'all-accounts' }, sort: { key: 'size', dir: 'desc' } },
      except: [{ accountId: 'acc-1', fileCode: 'abc123def456' }],
    },
  },
  'index.copyLinks': {
    selection: { kind: 'files', files: [{ accountId: 'acc-1', fileCode: 'abc123def456' }] },
  },
  'index.links': {
    selection: { kind: 'files', files: [{ accountId: 'acc-1', fileCode: 'abc123def456' }] },
  },
  'index.moveSelection': {
    selection: { kind: 'files', files: [{ accountId: 'acc-1', fileCode: 'abc123def456' }] },
    fldId: 3,
  },
  'index.file': { fileCode: 'abc123def456' },
  'queue.snapshot': {},
  'queue.enqueuePaths': {
    paths: ['/home/me/Pictures/holiday', 'C:\\Users\\me\\notes.txt'],
    targets: [{ accountId: 'acc-1', fldId: 7, folderPath: 'photos' }],
  },
  'queue.countAlreadyThere': {
    paths: ['/home/me/Pictures/holiday'],
    targets: [{ accountId: 'acc-1', fldId: 7, folderPath: 'photos' }],
  },
  'queue.checkUrls': { urls: ['https://example.com/a.iso', 'https://example.com/page'] },
  'queue.enqueueUrls': {
    urls: ['https://example.com/a.iso'],
    targets: [
      { accountId: 'acc-1', fldId: 0 },
      { accountId: 'acc-2', fldId: 12, folderPath: 'Downloads' },
    ],
  },
  'queue.pause': { itemId: '6f1c2b1e-1d2c-4a5b-8c9d-0e1f2a3b4c5d' },
  'queue.resume': {},
  'queue.cancel': { itemId: '6f1c2b1e-1d2c-4a5b-8c9d-0e1f2a3b4c5d' },
  'queue.retryFailed': { itemIds: ['6f1c2b1e-1d2c-4a5b-8c9d-0e1f2a3b4c5d'] },
  'queue.clearFinished': {},
  'queue.setConcurrency': { n: 4 },
  'queue.setBandwidthLimit': { bytesPerSec: 1_048_576 },
  'history.search': { text: 'holiday', accountId: 'acc-1', limit: 200, offset: 0 },
  'links.pack': { batchId: '0a1b2c3d-4e5f-4061-8283-949596979899', format: 'markdown' },
  'settings.get': {},
  'settings.update': { linkFormat: 'bbcode', autoCopy: true },
  'dialog.pickPaths': { kind: 'folder' },
  'local.pickFolder': { purpose: 'watch', startAt: null },
  'local.listFolders': { purpose: 'downloads', path: '/home/me' },
  'local.createFolder': { parent: '/home/me', name: 'Outbox' },
  'local.rememberFolder': { purpose: 'watch-done', path: '/home/me/Outbox/sent' },
  'watch.list': {},
  'watch.add': {
    dir: '/home/me/Downloads',
    accountId: 'acc-1',
    fldId: 3,
    minAgeMs: 5000,
    doneDir: '/home/me/Downloads/sent',
  },
  'watch.setPaused': { id: '6f1c2b1e-1d2c-4a5b-8c9d-0e1f2a3b4c5d', paused: true },
  'watch.remove': { id: '6f1c2b1e-1d2c-4a5b-8c9d-0e1f2a3b4c5d' },
  'app.setOpenFolder': { location: { accountId: 'acc-1', fldId: 7 } },
  'history.health': { ids: ['0a1b2c3d-4e5f-4061-8283-949596979899'] },
  'history.checkLinks': { ids: ['0a1b2c3d-4e5f-4061-8283-949596979899'] },
  'history.setCheckSchedule': { hours: 24 },
  'history.exportCsv': {},
  'history.verifyBatch': { batchId: 'b-1', verifyId: 'v-1', full: true },
  'history.cancelVerify': { verifyId: 'v-1' },
  'history.verifyReport': { verifyId: 'v-1' },
  'downloads.plan': {
    accountId: 'acc-1',
    to: '/home/me/Downloads/Filedock',
    onConflict: 'skip',
    what: { fldId: 7, recursive: true },
  },
  'downloads.start': {
    accountId: 'acc-1',
    to: 'C:\\Users\\me\\Downloads\\Filedock',
    onConflict: 'rename',
    what: { codes: ['abc123def456'] },
  },
  'downloads.folder': {},
  'downloads.reveal': { itemId: '0a1b2c3d-4e5f-4061-8283-949596979899', how: 'folder' },
  'drag.prepare': { accountId: 'acct-1', fileCodes: ['abc123def456'] },
  'drag.cached': { accountId: 'acct-1', fileCodes: ['abc123def456', 'def456abc123'] },
  'drag.start': { paths: ['/home/me/.config/Filedock/cache/drag/acct-1/abc123def456/report.pdf'] },
  'arrivals.list': {},
  'arrivals.dismiss': { id: '6f1c2b1e-1d2c-4a5b-8c9d-0e1f2a3b4c5d' },
  'updates.status': {},
  'updates.check': {},
  'updates.installOnQuit': {},
  'updates.restart': {},
}

export interface EchoCall {
  channel: ChannelName
  input: unknown
}

/** Handlers that answer `{ channel, input }`: they show which handler ran and what parsed input it received. */
export function echoHandlers(calls: EchoCall[] = []): Handlers {
  const entries = channelNames.map((channel) => [
    channel,
    async (input: unknown) => {
      calls.push({ channel, input })
      return { channel, input }
    },
  ])
  return Object.fromEntries(entries) as Handlers
}
