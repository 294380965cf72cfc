import { defineMessages } from '@formatjs/intl'
import { type FiledockError, isFiledockError } from '../../shared/errors.ts'
import type { HistoryEntry } from '../../shared/history.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { Handlers } from '../../shared/ipc/types.ts'
import type { QueueEvent } from '../../shared/queue.ts'
import { type BatchVerifyFile, type BatchVerifyReport, countStatuses } from '../../shared/verify.ts'
import type { ApiClient } from '../api/client.ts'
import { throttledProgress } from '../events/throttled-progress.ts'
import type { EventBus } from '../ipc/event-bus.ts'
import { type BatchMember, verifyBatch } from '../verify/verify-batch.ts'
import type { SettingsStore } from './settings-store.ts'
import type { UploadQueue } from './upload-queue.ts'

/** Reports kept for history.verifyReport: enough for the toasts of recent batches, never a growing list. */
export const KEPT_REPORTS = 20

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

interface Outcome {
  files: BatchVerifyFile[]
  bytesRead: number
  cancelled: boolean
}

interface Follower {
  run: Run
  resolve(report: BatchVerifyReport): void
  reject(error: unknown): void
}

interface Job {
  readonly key: string
  readonly control: AbortController
  readonly runs: Map<string, Follower>
  readonly total: number
  /** The files compared so far (a run that leaves takes them). */
  sofar(): { files: BatchVerifyFile[]; bytesRead: number }
  /** Starts the reading, once its first run follows it. */
  begin(members: readonly BatchMember[]): void
}

/**
 * Verify in the app: a history batch on demand (history.verifyBatch, cancellable by its id), and each finished
 * upload batch by itself when the verifyAfterUpload setting is on. Runs in main off the page's thread; the page
 * hears verify.progress a few times a second and verify.finished with the counts, and reads the files from the
 * report.
 */
export class BatchVerifier {
  /** Each verify id that runs, with the job it follows. */
  private readonly running = new Map<string, Job>()
  /** Jobs by batch and depth: a second window's Verify of the batch joins the one that runs. */
  private readonly jobs = new Map<string, Job>()
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
        this.leave(verifyId)
        return null
      },
      'history.verifyReport': async ({ verifyId }) => this.reports.get(verifyId) ?? null,
    }
  }

  /** Cancels what runs and waits for it to stop. */
  async close(): Promise<void> {
    this.closed = true
    this.stopEvents()
    for (const job of this.jobs.values()) job.control.abort(cancelledError())
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

  private verify(run: Run, members: readonly BatchMember[]): Promise<BatchVerifyReport> {
    if (this.closed) return Promise.reject(cancelledError())
    if (this.running.has(run.verifyId)) {
      return Promise.reject(translatedError({ kind: 'invalid_input' }, TEXT.running))
    }
    const key = `${run.batchId}\n${run.full}`
    const job = this.jobs.get(key) ?? this.start(key, run, members.length)
    return new Promise<BatchVerifyReport>((resolve, reject) => {
      job.runs.set(run.verifyId, { run, resolve, reject })
      this.running.set(run.verifyId, job)
      if (job.runs.size === 1) job.begin(members)
      else {
        // A window that joins shows how far the reading is at once, not at the next report.
        const { files, bytesRead } = job.sofar()
        this.o.events.emit({
          type: 'verify.progress',
          verifyId: run.verifyId,
          batchId: run.batchId,
          done: files.length,
          total: job.total,
          bytesRead,
        })
      }
    })
  }

  /**
   * One read of a batch's files, followed by every run that asked for it while it ran (two windows, or a window
   * and main's verify after upload): the files are read once, each run hears the progress under its own id and
   * gets its own report.
   */
  private start(key: string, first: Run, total: number): Job {
    const control = new AbortController()
    const files: BatchVerifyFile[] = []
    let bytesRead = 0
    const job: Job = {
      key,
      control,
      runs: new Map(),
      total,
      sofar: () => ({ files: [...files], bytesRead }),
      begin: (members) => {
        const progress = this.progress(job, first.batchId)
        progress(0, 0)
        const task = verifyBatch({
          members,
          clientFor: this.o.clientFor,
          full: first.full,
          signal: control.signal,
          sourceKept: this.o.sourceKept,
          onResult: (f) => {
            files.push(f)
            bytesRead += f.bytesRead
            progress(files.length, bytesRead)
          },
        })
        this.tasks.add(task)
        task
          .then(
            (ordered) => ({ files: ordered, bytesRead, cancelled: false }),
            (error: unknown) => {
              if (!(isFiledockError(error) && error.kind === 'cancelled')) throw error
              return { files, bytesRead, cancelled: true }
            },
          )
          .then(
            (outcome) => {
              for (const f of job.runs.values()) this.finish(f, job, outcome)
            },
            (error: unknown) => {
              for (const f of job.runs.values()) this.drop(f.run.verifyId, job).reject(error)
            },
          )
          .finally(() => {
            this.tasks.delete(task)
            if (this.jobs.get(key) === job) this.jobs.delete(key)
          })
      },
    }
    this.jobs.set(key, job)
    return job
  }

  /**
   * Cancel of one run: the last run of a job stops the reading; a run that others follow too leaves with the
   * files compared so far, and the others go on.
   */
  private leave(verifyId: string): void {
    const job = this.running.get(verifyId)
    const follower = job?.runs.get(verifyId)
    if (job === undefined || follower === undefined) return
    if (job.runs.size === 1) {
      // A Verify asked for after this one gives up starts a reading of its own, not this stopped one.
      this.jobs.delete(job.key)
      job.control.abort(cancelledError())
    } else this.finish(follower, job, { ...job.sofar(), cancelled: true })
  }

  private drop(verifyId: string, job: Job): Follower {
    const follower = job.runs.get(verifyId) as Follower
    job.runs.delete(verifyId)
    this.running.delete(verifyId)
    return follower
  }

  private finish(follower: Follower, job: Job, outcome: Outcome): void {
    const { run } = follower
    this.drop(run.verifyId, job)
    const report: BatchVerifyReport = {
      ...run,
      cancelled: outcome.cancelled,
      total: job.total,
      files: outcome.files,
      counts: countStatuses(outcome.files),
      bytesRead: outcome.bytesRead,
    }
    this.keep(report)
    this.o.events.emit({
      type: 'verify.finished',
      verifyId: run.verifyId,
      batchId: run.batchId,
      automatic: run.automatic,
      cancelled: outcome.cancelled,
      total: report.total,
      counts: report.counts,
    })
    follower.resolve(report)
  }

  /** verify.progress to every run of the job, throttled: the first report is 0 done, the last all done. */
  private progress(job: Job, batchId: string): (done: number, bytesRead: number) => void {
    const report = throttledProgress<{ done: number; bytesRead: number }>(
      ({ done, bytesRead }) => {
        for (const verifyId of job.runs.keys())
          this.o.events.emit({
            type: 'verify.progress',
            verifyId,
            batchId,
            done,
            total: job.total,
            bytesRead,
          })
      },
      ({ done }) => done === job.total,
      undefined,
      this.o.now,
    )
    return (done, bytesRead) => report({ done, bytesRead })
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
