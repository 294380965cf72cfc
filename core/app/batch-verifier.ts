import { defineMessages } from '@formatjs/intl'
import { type FiledockError, isFiledockError } from '../../shared/errors.ts'
import type { HistoryEntry } from '../../shared/history.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { Handlers } from '../../shared/ipc/types.ts'
import type { QueueEvent } from '../../shared/queue.ts'
import { type BatchVerifyFile, type BatchVerifyReport, countStatuses } from '../../shared/verify.ts'
import type { ApiClient } from '../api/client.ts'
import type { EventBus } from '../ipc/event-bus.ts'
import { type BatchMember, verifyBatch } from '../verify/verify-batch.ts'
import type { SettingsStore } from './settings-store.ts'
import type { UploadQueue } from './upload-queue.ts'

/** Reports kept for history.verifyReport: enough for the toasts of recent batches, never a growing list. */
export const KEPT_REPORTS = 20
/** A progress bar needs a few updates a second; one per file of a 1,000-file batch would flood the bridge. */
export const VERIFY_PROGRESS_INTERVAL_MS = 250

type VerifyChannel = 'history.verifyBatch' | 'history.cancelVerify' | 'history.verifyReport'

export interface BatchVerifierOptions {
  queue: UploadQueue
  clientFor(accountId: string): Promise<Pick<ApiClient, 'fileInfo' | 'directLink' | 'openRange'>>
  settings: SettingsStore
  events: EventBus<AppEvent>
  /** See VerifyBatchOptions.sourceKept (the browser host's staged drops). */
  sourceKept?: ((path: string) => boolean) | undefined
  log(line: string): void
  now?: () => number
}

interface Run {
  verifyId: string
  batchId: string
  full: boolean
  automatic: boolean
}

/**
 * Verify in the app: a history batch on demand (history.verifyBatch, cancellable by its id), and each finished
 * upload batch by itself when the verifyAfterUpload setting is on. Runs in main off the page's thread; the page
 * hears verify.progress a few times a second and verify.finished with the counts, and reads the files from the
 * report.
 */
export class BatchVerifier {
  private readonly running = new Map<string, AbortController>()
  /** Newest last; at most KEPT_REPORTS. */
  private readonly reports = new Map<string, BatchVerifyReport>()
  private readonly tasks = new Set<Promise<unknown>>()
  private readonly stopEvents: () => void
  private closed = false

  constructor(private readonly o: BatchVerifierOptions) {
    this.stopEvents = o.events.subscribe((event) => {
      if (event.type === 'batch.finished') this.afterUpload(event)
    })
  }

  handlers(): Pick<Handlers, VerifyChannel> {
    return {
      'history.verifyBatch': async ({ batchId, verifyId, full }) => {
        const members = this.membersOf(batchId)
        if (members.length === 0) {
          throw translatedError({ kind: 'not_found' }, TEXT.noFiles)
        }
        return this.verify({ verifyId, batchId, full: full ?? false, automatic: false }, members)
      },
      'history.cancelVerify': async ({ verifyId }) => {
        this.running.get(verifyId)?.abort(cancelledError())
        return null
      },
      'history.verifyReport': async ({ verifyId }) => this.reports.get(verifyId) ?? null,
    }
  }

  /** Cancels what runs and waits for it to stop. */
  async close(): Promise<void> {
    this.closed = true
    this.stopEvents()
    for (const c of this.running.values()) c.abort(cancelledError())
    await Promise.allSettled(this.tasks)
  }

  /**
   * The batch's files: its history records, then the files of the batch still in the queue that did not go up
   * (failed or cancelled), which are "not uploaded". A cleared queue forgets those: the history alone answers.
   */
  private membersOf(batchId: string, entries?: readonly HistoryEntry[]): BatchMember[] {
    const recorded = entries ?? this.o.queue.history.byBatch(batchId)
    const members: BatchMember[] = recorded.map((entry) => ({ entry }))
    let items: ReturnType<ReturnType<UploadQueue['engine']>['snapshot']>['items'] = []
    try {
      items = this.o.queue.engine().snapshot().items
    } catch {
      // The queue is not available here (another Filedock owns it): the history alone answers.
    }
    const labels = new Map(recorded.map((e) => [e.accountId, e.accountLabel] as const))
    for (const item of items) {
      if (item.batchId !== batchId || item.kind !== 'file') continue
      if (item.state !== 'failed' && item.state !== 'cancelled') continue
      members.push({
        notUploaded: true,
        entry: {
          id: item.id,
          accountId: item.accountId,
          accountLabel: labels.get(item.accountId) ?? '',
          relPath: item.relPath,
          fileCode: '',
          localPath: item.source,
          size: item.size ?? 0,
        },
      })
    }
    return members
  }

  private async verify(run: Run, members: readonly BatchMember[]): Promise<BatchVerifyReport> {
    if (this.closed) throw cancelledError()
    if (this.running.has(run.verifyId)) {
      throw translatedError({ kind: 'invalid_input' }, TEXT.running)
    }
    const control = new AbortController()
    this.running.set(run.verifyId, control)
    const files: BatchVerifyFile[] = []
    let bytesRead = 0
    const progress = this.progress(run, members.length)
    progress(0, 0)
    const task = verifyBatch({
      members,
      clientFor: this.o.clientFor,
      full: run.full,
      signal: control.signal,
      sourceKept: this.o.sourceKept,
      onResult: (f) => {
        files.push(f)
        bytesRead += f.bytesRead
        progress(files.length, bytesRead)
      },
    })
    this.tasks.add(task)
    let cancelled = false
    let ordered = files
    try {
      ordered = await task
    } catch (error) {
      if (!(isFiledockError(error) && error.kind === 'cancelled')) throw error
      cancelled = true
    } finally {
      this.tasks.delete(task)
      this.running.delete(run.verifyId)
    }
    const report: BatchVerifyReport = {
      ...run,
      cancelled,
      total: members.length,
      files: ordered,
      counts: countStatuses(ordered),
      bytesRead,
    }
    this.keep(report)
    this.o.events.emit({
      type: 'verify.finished',
      verifyId: run.verifyId,
      batchId: run.batchId,
      automatic: run.automatic,
      cancelled,
      total: report.total,
      counts: report.counts,
    })
    return report
  }

  /** The first report (0 done) and the last (all done) always go out, those between at most once per interval. */
  private progress(run: Run, total: number): (done: number, bytesRead: number) => void {
    const now = this.o.now ?? Date.now
    let last: number | null = null
    return (done, bytesRead) => {
      const t = now()
      if (done !== total && last !== null && t - last < VERIFY_PROGRESS_INTERVAL_MS) return
      last = t
      this.o.events.emit({
        type: 'verify.progress',
        verifyId: run.verifyId,
        batchId: run.batchId,
        done,
        total,
        bytesRead,
      })
    }
  }

  private keep(report: BatchVerifyReport): void {
    this.reports.delete(report.verifyId)
    this.reports.set(report.verifyId, report)
    for (const id of this.reports.keys()) {
      if (this.reports.size <= KEPT_REPORTS) break
      this.reports.delete(id)
    }
  }

  /**
   * Verify after upload (the setting, off by default): a finished batch of dropped paths is verified from the
   * batch's own records, so it does not wait for the history file. The batch id names the run: the page finds
   * the report of its finished card by it.
   */
  private afterUpload(event: Extract<QueueEvent, { type: 'batch.finished' }>): void {
    if (this.closed || event.kind !== 'paths' || !this.o.settings.get().verifyAfterUpload) return
    const members = this.membersOf(event.batchId, event.entries)
    if (members.length === 0) return
    const run = { verifyId: event.batchId, batchId: event.batchId, full: false, automatic: true }
    const task = this.verify(run, members).catch((error: unknown) =>
      this.o.log(
        `Filedock: verifying batch ${event.batchId} after upload failed: ${error instanceof Error ? error.message : String(error)}`,
      ),
    )
    this.tasks.add(task)
    void task.finally(() => this.tasks.delete(task))
  }
}

/** The reason a run is stopped with: what the API client throws on an abort too, so every stop reads alike. */
function cancelledError(): FiledockError {
  return translatedError({ kind: 'cancelled' }, TEXT.cancelled)
}

const TEXT = defineMessages({
  noFiles: {
    id: 'errors.verify.noBatchFiles',
    defaultMessage: 'The upload history has no files of this batch.',
  },
  running: { id: 'errors.verify.alreadyRunning', defaultMessage: 'A verify of that id is already running.' },
  cancelled: { id: 'errors.verify.cancelled', defaultMessage: 'The verify was cancelled.' },
})
