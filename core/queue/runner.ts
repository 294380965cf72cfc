import { defineMessages } from '@formatjs/intl'
import type { FiledockErrorData } from '../../shared/errors.ts'
import { causeValues } from '../../shared/i18n/cause-values.ts'
import { directionOf, type QueueResultEntry, type TransferDirection } from '../../shared/queue.ts'
import type { ApiClient } from '../api/client.ts'
import type { DownloadedFile } from '../download/download-file.ts'
import { sizeOf } from '../download/work-files.ts'
import { backoffMs, type RetryOptions } from './backoff.ts'
import { pausedPatch } from './controls.ts'
import type { HistorySink, QueueCore } from './core.ts'
import { discardPart, factsOf, partOf, runDownloadAttempt } from './download-item.ts'
import { classify, gaveUp } from './failures.ts'
import type { ExistingFiles } from './folder-contents.ts'
import type { FolderMirror } from './folder-mirror.ts'
import type { ItemContext, Landing } from './item-context.ts'
import type { ItemRun } from './item-run.ts'
import { problemText } from './problem-text.ts'
import type { ProgressMeter } from './progress.ts'
import type { QueueStore } from './queue-store.ts'
import type { ItemRecord } from './records.ts'
import { awaitRemote, type PollOptions, requestRemote } from './remote-item.ts'
import type { UploadSessions } from './sessions.ts'
import type { TokenBucket } from './throttle.ts'
import { runFileAttempt } from './upload-item.ts'

export interface RunnerDeps {
  core: QueueCore
  store: QueueStore
  mirror: FolderMirror
  existing: ExistingFiles
  sessions: UploadSessions
  /** The speed limit of each direction. */
  buckets: Record<TransferDirection, TokenBucket>
  progress: ProgressMeter
  history: HistorySink
  clientFor(accountId: string): Promise<ApiClient>
  accountLabel(accountId: string): string
  retry: RetryOptions
  poll: PollOptions
  now(): number
}

/**
 * One item's turn: run the attempt, then turn its outcome into the next state (done, retrying with backoff,
 * failed, back in line behind a queue pause). A remote URL leaves its worker once the host accepted the request
 * and is polled (`pending`) without one. A download ends with its file on disk and its result in its record
 * (downloads are not upload history).
 */
export class ItemRunner {
  private readonly d: RunnerDeps

  constructor(d: RunnerDeps) {
    this.d = d
  }

  async run(id: string): Promise<void> {
    const { core, store } = this.d
    const item = store.item(id)
    if (!item) return
    const run = core.runOf(id)
    const signal = run.begin()
    core.changed(item)
    try {
      const client = await this.d.clientFor(item.accountId)
      await core.awaitAccount(item.accountId, signal)
      const ctx = this.context(item, run, signal, client)
      if (item.kind === 'download') {
        await this.finishDownload(item, run, await runDownloadAttempt(ctx))
        return
      }
      if (item.kind === 'url') {
        await requestRemote(ctx)
        signal.throwIfAborted()
        run.markPending()
        core.changed(item)
        void core.track(this.pollRemote(item, run, ctx))
        return
      }
      const landing = item.kind === 'file' ? await runFileAttempt(ctx) : await folderOnly(ctx)
      await this.finish(item, run, client, landing)
    } catch (err) {
      await this.afterFailure(item, run, err)
    }
  }

  /** Appends a finished upload to the history, then notes that it is there (so a restart does not append twice). */
  async recordHistory(item: ItemRecord, result: QueueResultEntry): Promise<void> {
    await this.d.history.append(result)
    await this.d.store.patch(item, { historyWritten: true }, false)
  }

  private async pollRemote(item: ItemRecord, run: ItemRun, ctx: ItemContext): Promise<void> {
    try {
      const landing = await awaitRemote(ctx, this.d.poll)
      await this.finish(item, run, ctx.client, landing)
    } catch (err) {
      await this.afterFailure(item, run, err)
    }
  }

  private context(item: ItemRecord, run: ItemRun, signal: AbortSignal, client: ApiClient): ItemContext {
    const { core, store, mirror, existing, sessions, buckets, progress, now } = this.d
    return {
      item,
      client,
      store,
      mirror,
      sessions,
      bucket: buckets[directionOf(item.kind)],
      progress,
      signal,
      setPhase: (phase) => {
        if (run.enterPhase(phase)) core.changed(item)
      },
      changed: () => core.changed(item),
      resize: (size) => core.resize(item, size),
      claimed: (code) => core.claimed(code, item.id),
      resolved: () => core.releaseName(item),
      alreadyThere: (fldId) => existing.find(item.accountId, fldId, item.name, item.size as number),
      landed: (fldId, fileCode) =>
        existing.landed(item.accountId, fldId, { fileCode, name: item.name, size: item.size as number }),
      now,
    }
  }

  private async finish(item: ItemRecord, run: ItemRun, client: ApiClient, l: Landing): Promise<void> {
    const { core, store, progress } = this.d
    const finishedAt = this.d.now()
    const result: QueueResultEntry | null =
      item.kind === 'folder'
        ? null
        : {
            id: item.id,
            finishedAt: new Date(finishedAt).toISOString(),
            accountId: item.accountId,
            accountLabel: this.d.accountLabel(item.accountId),
            baseUrl: client.baseUrl,
            name: l.name,
            size: l.size,
            fldId: l.fldId,
            folderPath: [item.basePath, ...item.relDir].filter((s) => s !== '').join('/'),
            fileCode: l.fileCode,
            pageLink: client.pageLink(l.fileCode),
            batchId: item.batchId,
            relPath: [...item.relDir, l.name].join('/'),
            ...(l.alreadyThere ? { alreadyThere: true as const } : {}),
            // What Verify compares the host's copy with; a URL has no local source.
            ...(item.kind === 'file' ? { localPath: item.source } : {}),
          }
    await store.patch(item, {
      state: 'done',
      fileCode: l.fileCode === '' ? null : l.fileCode,
      targetFldId: l.fldId,
      size: item.kind === 'folder' ? null : l.size,
      sending: false,
      error: null,
      finishedAt,
      result,
      ...(l.alreadyThere ? { alreadyThere: true as const } : {}),
    })
    run.settle()
    if (result) {
      // After the durable `done`: a crash in between re-appends on the next start (historyWritten is false).
      await core.track(this.recordHistory(item, result))
    }
    progress.forget(item.id)
    core.changed(item)
  }

  /** A download's file is in place (or was already here): its result stays in its record. */
  private async finishDownload(item: ItemRecord, run: ItemRun, got: DownloadedFile): Promise<void> {
    const { core, store, progress } = this.d
    const facts = factsOf(item)
    await store.patch(item, {
      state: 'done',
      error: null,
      finishedAt: this.d.now(),
      download: { ...facts, finalPath: got.path, ...(got.restarted ? { restarted: got.restarted } : {}) },
      ...(got.outcome === 'already-here' ? { alreadyThere: true as const } : {}),
    })
    run.settle()
    progress.forget(item.id)
    core.changed(item)
  }

  private async afterFailure(item: ItemRecord, run: ItemRun, err: unknown): Promise<void> {
    const { core, store, progress } = this.d
    const reason = run.stopReason
    await this.keepPartBytes(item)
    progress.forget(item.id)
    if (reason === 'close') return run.settle()
    if (reason === 'pause' || reason === 'cancel') {
      await store.patch(
        item,
        reason === 'pause' ? pausedPatch(item, run.phase) : { state: 'cancelled', finishedAt: this.d.now() },
      )
      core.releaseName(item)
      run.settle()
      if (reason === 'cancel' && item.kind === 'download') await core.track(discardPart(item))
      return core.changed(item)
    }
    if (reason === 'halt') return this.backInLine(item, run)

    const verdict = classify(err)
    if (verdict.kind === 'auth') {
      await store.patch(item, { error: verdict.error }, false)
      const label = this.d.accountLabel(item.accountId)
      const words = problemText(RUNNER.auth, { ...causeValues(verdict.error), label }, verdict.error)
      core.halt('auth', words, item.accountId)
      return this.backInLine(item, run)
    }
    const offline = verdict.kind === 'offline' && (await core.isOffline(item.accountId))
    // A pause, cancel or halt that came in while the probe ran wins over the failure.
    if (run.stopReason !== null) return this.afterFailure(item, run, err)
    if (offline) {
      // Not the item's fault: no attempt is counted. The pause may have been entered by another item already.
      core.haltOffline(item.accountId)
      return this.backInLine(item, run)
    }
    if (verdict.kind === 'fail') return this.fail(item, run, verdict.error)
    if (verdict.kind === 'wait') return this.waitAndRetry(item, run, verdict.error, verdict.waitMs)

    const attempts = item.attempts + 1
    if (attempts >= this.d.retry.attempts) {
      return this.fail(item, run, gaveUp(attempts, verdict.error))
    }
    const retryAfterMs = verdict.kind === 'retry' ? verdict.retryAfterMs : undefined
    if (retryAfterMs !== undefined)
      core.holdAccount(
        item.accountId,
        this.d.now() + retryAfterMs,
        problemText(
          RUNNER.held,
          { ...causeValues(verdict.error), label: this.d.accountLabel(item.accountId) },
          verdict.error,
        ),
      )
    await store.patch(item, { attempts, error: verdict.error }, false)
    // Keep the name while a send's outcome is unknown, so no same-name upload can muddle the check.
    if (!item.sending) core.releaseName(item)
    return this.waitAndRetry(item, run, null, backoffMs(attempts, this.d.retry, retryAfterMs))
  }

  /** Back in line after `wait` ms (`retrying` meanwhile); `error` (when given) is what the item shows. */
  private async waitAndRetry(
    item: ItemRecord,
    run: ItemRun,
    error: FiledockErrorData | null,
    wait: number,
  ): Promise<void> {
    const { core, store } = this.d
    if (error !== null) await store.patch(item, { error }, false)
    run.settle()
    if (core.isClosed) return
    run.retryIn(wait, this.d.now(), () => {
      core.changed(item)
      core.push(item)
    })
    core.changed(item)
  }

  /**
   * A download that stops keeps its bytes: the item goes on showing them (views.ts) until it runs again. Read from
   * the work file, not the progress: after a failed write (a full disk) it holds fewer bytes than were received.
   */
  private async keepPartBytes(item: ItemRecord): Promise<void> {
    if (item.kind !== 'download' || this.d.progress.bytesOf(item.id) === undefined) return
    const bytes = await sizeOf(partOf(item))
    if (bytes === item.download?.partBytes) return
    await this.d.store.patch(item, { download: { ...factsOf(item), partBytes: bytes } }, false)
  }

  private async fail(item: ItemRecord, run: ItemRun, error: FiledockErrorData): Promise<void> {
    const { core, store } = this.d
    await store.patch(item, { state: 'failed', error, finishedAt: this.d.now() })
    core.releaseName(item)
    run.settle()
    core.changed(item)
  }

  private backInLine(item: ItemRecord, run: ItemRun): void {
    const { core } = this.d
    if (!item.sending) core.releaseName(item)
    run.settle()
    core.changed(item)
    core.push(item)
  }
}

async function folderOnly(ctx: ItemContext): Promise<Landing> {
  ctx.setPhase('folders')
  const fldId = await ctx.mirror.ensure(ctx.item.accountId, ctx.client, ctx.item.baseFldId, ctx.item.relDir)
  return { fileCode: '', fldId, size: 0, name: ctx.item.name }
}

const RUNNER = defineMessages({
  auth: {
    id: 'queue.pause.auth',
    defaultMessage: '{label}: {cause} The queue is paused; fix the key, then resume.',
  },
  held: { id: 'queue.hold.message', defaultMessage: '{label}: {cause}' },
})
