import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { SandboxRef } from '../sandbox/testing/api-calls.ts'
import { benchAppDownload } from './app-download.ts'
import { benchAppFiles } from './app-files.ts'
import { benchCli } from './cli.ts'
import { benchDetailsPanel } from './details-panel.ts'
import { benchDownload } from './download.ts'
import { benchDragMove } from './drag-move.ts'
import { benchFirstRows } from './first-rows.ts'
import { benchFolderTree } from './folder-tree.ts'
import { benchGridView } from './grid-view.ts'
import { benchHistory } from './history.ts'
import { benchIndex, windowsWhileChecking } from './index.ts'
import { benchIndexOpen } from './index-open.ts'
import { startReady } from './lib/child.ts'
import { benchLinkCheck } from './link-check.ts'
import { benchPackage } from './package.ts'
import { benchPreview } from './preview.ts'
import { benchQueue } from './queue.ts'
import { benchRateLimit } from './rate-limit.ts'
import { benchLists } from './sandbox-lists.ts'
import { benchMemory, benchThroughput } from './upload.ts'
import { benchVerify } from './verify.ts'
import { benchWatch } from './watch.ts'
import { benchWebHost } from './web-host.ts'

/**
 * `npm run bench [-- --only upload,memory,lists,download,app-download,web,queue,app,details,tree,drag,grid,cli,index,package,watch,links,history,rate,verify,preview] [--rounds N] [--large-mib N] [--verify-mib N]`: every figure the README
 * quotes, measured in one run against sandboxes started as separate processes. Prints one JSON document to stdout.
 */
const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    // Size of each of the four files of the queue's large-upload section (1 GiB; smaller for a quick look).
    'large-mib': { type: 'string', default: '1024' },
    // Size of each of the 1,000 files of the verify section (8 MiB: past the 3 MiB a file the default mode reads).
    'verify-mib': { type: 'string', default: '8' },
  },
})
const only = new Set(
  (
    values.only ??
    'upload,memory,lists,download,app-download,web,queue,app,details,tree,drag,grid,cli,index,package,watch,links,history,rate,verify,preview'
  ).split(','),
)
const rounds = Number(values.rounds)

const work = await mkdtemp(join(tmpdir(), 'filedock-bench-'))
const results: Record<string, unknown> = {}

/** An empty sandbox process with its data in `work/{dir}`, stopped once `measure` is done with it. */
async function onSandbox<T>(dir: string, measure: (sandbox: SandboxRef) => Promise<T>): Promise<T> {
  const sandbox = await startReady<SandboxRef>('sandbox/main.ts', ['--port', '0', '--data', join(work, dir)])
  try {
    return await measure(sandbox.ready)
  } finally {
    await sandbox.stop()
  }
}

try {
  if (only.has('upload') || only.has('memory')) {
    await onSandbox('sb', async (sandbox) => {
      if (only.has('upload')) results.uploadThroughput1GiB = await benchThroughput(sandbox, work, rounds)
      if (only.has('memory')) results.uploadPeakRss = await benchMemory(sandbox, work)
    })
  }
  if (only.has('lists')) {
    const started = performance.now()
    const sandbox = await startReady<SandboxRef>(
      'sandbox/main.ts',
      ['--port', '0', '--data', join(work, 'seeded'), '--seed-files', '100000'],
      120_000,
    )
    const seedMs = performance.now() - started
    try {
      results.sandboxLists100k = {
        ...(await benchLists(sandbox.ready, 200)),
        startWithSeedMs: Math.round(seedMs),
      }
    } finally {
      await sandbox.stop()
    }
  }
  if (only.has('cli')) {
    // The installed command (the built bundle) and curl, side by side against one sandbox process.
    results.cli = await onSandbox('sb-cli', (sandbox) => benchCli(sandbox, work, rounds))
  }
  if (only.has('download')) {
    // `filedock download` (the built bundle) and curl, side by side against one sandbox process.
    results.download = await onSandbox('sb-download', (sandbox) => benchDownload(sandbox, work, rounds))
  }
  if (only.has('watch')) {
    // `filedock watch` as a process against its own sandbox process.
    results.watchFolder = await onSandbox('sb-watch', (sandbox) => benchWatch(sandbox, work, rounds))
  }
  if (only.has('web')) results.browserHost = await benchWebHost(work, rounds)
  if (only.has('app')) results.appFilePane100k = await benchAppFiles(work, rounds)
  // Not in the default list: the app section's scroll alone, for a quicker look at frame times.
  else if (only.has('app-scroll'))
    results.appFilePane100k = await benchAppFiles(work, rounds, { scrollOnly: true })
  if (only.has('app-download')) results.appDownload100k = await benchAppDownload(work)
  if (only.has('details')) results.detailsPanel100k = await benchDetailsPanel(work, rounds)
  if (only.has('tree')) results.folderTree = await benchFolderTree(work, rounds)
  if (only.has('drag')) results.dragMove5000 = await benchDragMove(work, rounds)
  if (only.has('grid')) results.gridView20k = await benchGridView(work, rounds)
  if (only.has('index')) results.accountIndex = await benchIndex(work, rounds)
  // Also alone (not in the default list): opening an index of the schema before, main's longest stall.
  if (only.has('index') || only.has('index-open')) results.indexOpenOldSchema100k = await benchIndexOpen(work)
  if (only.has('index') || only.has('first-rows'))
    results.firstRowsOfNewAccount100k = await benchFirstRows(work, rounds)
  // Not in the default list: the index section's windows while a folder is checked, alone.
  else if (only.has('index-check'))
    results.windowsWhileChecking100kFolder = await windowsWhileChecking(work, rounds)
  if (only.has('links')) results.linkChecker1000 = await benchLinkCheck(work, rounds)
  if (only.has('history')) results.uploadHistory100k = await benchHistory(work, rounds)
  if (only.has('preview')) results.quickLook = await benchPreview(work, rounds)
  if (only.has('rate')) results.rateLimited10PerSec = await benchRateLimit(work)
  if (only.has('verify')) {
    results.verify1000 = await onSandbox('sb-verify', (sandbox) =>
      benchVerify(sandbox, work, Number(values['verify-mib'])),
    )
  }
  if (only.has('package')) results.packagedApp = await benchPackage(work)
  if (only.has('queue')) {
    results.uploadQueue = await onSandbox('sb-queue', (sandbox) =>
      benchQueue(sandbox, work, Number(values['large-mib'])),
    )
  }
} finally {
  await rm(work, { recursive: true, force: true })
}
console.log(JSON.stringify(results, null, 2))
