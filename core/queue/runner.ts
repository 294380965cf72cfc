import type { FiledockErrorData } from '../../shared/errors.ts'
import type { QueueResultEntry } from '../../shared/queue.ts'
import type { ApiClient } from '../api/client.ts'
import { backoffMs, delay } from './backoff.ts'
import type { QueueCore } from './core.ts'
import { classify } from './failures.ts'
import type { ItemContext, Landing } from './item-context.ts'
import type { ItemRecord } from './records.ts'
import { awaitRemote, requestRemote } from './remote-item.ts'
import { runFileAttempt } from './upload-item.ts'
import type { Runtime } from './views.ts'

/**
 * One item's turn: run the attempt, then turn its outcome into the next state (done, retrying with backoff,
 * failed, back in line behind a queue pause). A remote URL leaves its worker once the host accepted the request
 * and is polled (`pending`) without one.
 */
export async function runItem(core: QueueCore, id: string): Promise<void> {
  const item = core.d.store.items.get(id)
  if (!item) return
  const rt = core.rt(id)
  rt.run = 'running'
  rt.phase = null
  rt.abort = new AbortController()
  rt.abortReason = null
  core.changed(item)
  try {
    const client = await core.d.clientFor(item.accountId)
    await respectRetryAfter(core, item.accountId, rt.abort.signal)
    const ctx = context(core, item, rt, client)
    if (item.kind === 'url') {
      await requestRemote(ctx)
      ctx.signal.throwIfAborted()
      rt.run = 'pending'
      core.changed(item)
      void core.track(pollRemote(core, item, rt, ctx))
      return
    }
    const landing = item.kind === 'file' ? await runFileAttempt(ctx) : await folderOnly(ctx)
    await finish(core, item, rt, client, landing)
  } catch (err) {
    await afterFailure(core, item, rt, err)
  }
}

async function pollRemote(core: QueueCore, item: ItemRecord, rt: Runtime, ctx: ItemContext): Promise<void> {
  try {
    const landing = await awaitRemote(ctx, core.d.poll)
    await finish(core, item, rt, ctx.client, landing)
  } catch (err) {
    await afterFailure(core, item, rt, err)
  }
}

async function folderOnly(ctx: ItemContext): Promise<Landing> {
  ctx.setPhase('folders')
  const fldId = await ctx.mirror.ensure(ctx.item.accountId, ctx.client, ctx.item.baseFldId, ctx.item.relDir)
  return { fileCode: '', fldId, size: 0, name: ctx.item.name }
}

function context(core: QueueCore, item: ItemRecord, rt: Runtime, client: ApiClient): ItemContext {
  const { store, mirror, sessions, bucket, progress, now } = core.d
  return {
    item,
    client,
    store,
    mirror,
    sessions,
    bucket,
    progress,
    signal: (rt.abort as AbortController).signal,
    setPhase: (phase) => {
      if (rt.phase === phase) return
      rt.phase = phase
      core.changed(item)
    },
    claimed: (code) => core.claimed(code, item.id),
    resolved: () => core.releaseName(item),
    now,
  }
}

async function finish(
  core: QueueCore,
  item: ItemRecord,
  rt: Runtime,
  client: ApiClient,
  l: Landing,
): Promise<void> {
  const { store, progress } = core.d
  const finishedAt = core.d.now()
  const result: QueueResultEntry | null =
    item.kind === 'folder'
      ? null
      : {
          id: item.id,
          finishedAt: new Date(finishedAt).toISOString(),
          accountId: item.accountId,
          accountLabel: core.d.accountLabel(item.accountId),
          baseUrl: client.baseUrl,
          name: l.name,
          size: l.size,
          fldId: l.fldId,
          folderPath: [item.basePath, ...item.relDir].filter((s) => s !== '').join('/'),
          fileCode: l.fileCode,
          pageLink: client.pageLink(l.fileCode),
          batchId: item.batchId,
          relPath: [...item.relDir, l.name].join('/'),
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
  })
  settle(rt)
  if (result) {
    // After the durable `done`: a crash in between re-appends on the next start (historyWritten is false).
    await core.track(writeHistory(core, item, result))
  }
  progress.forget(item.id)
  core.changed(item)
}

export async function writeHistory(
  core: QueueCore,
  item: ItemRecord,
  result: QueueResultEntry,
): Promise<void> {
  await core.d.history.append(result)
  await core.d.store.patch(item, { historyWritten: true }, false)
}

async function afterFailure(core: QueueCore, item: ItemRecord, rt: Runtime, err: unknown): Promise<void> {
  const { store, progress } = core.d
  const reason = rt.abortReason
  progress.forget(item.id)
  if (reason === 'close') return settle(rt)
  if (reason === 'pause') {
    await store.patch(item, { state: 'paused' })
    core.releaseName(item)
    settle(rt)
    return core.changed(item)
  }
  if (reason === 'cancel') {
    await store.patch(item, { state: 'cancelled', finishedAt: core.d.now() })
    core.releaseName(item)
    settle(rt)
    return core.changed(item)
  }
  if (reason === 'halt') return backInLine(core, item, rt)

  const verdict = classify(err)
  if (verdict.kind === 'auth') {
    await store.patch(item, { error: verdict.error }, false)
    core.halt(
      'auth',
      `${core.d.accountLabel(item.accountId)}: ${verdict.error.message} The queue is paused; fix the key, then resume.`,
      item.accountId,
    )
    return backInLine(core, item, rt)
  }
  const offline = verdict.kind === 'offline' && (await core.connectivity.isOffline(item.accountId))
  // A pause, cancel or halt that came in while the probe ran wins over the failure.
  if (rt.abortReason !== null) return afterFailure(core, item, rt, err)
  if (offline) {
    // Not the item's fault: no attempt is counted. The pause may have been entered by another item already.
    core.halt('offline', offlineMessage(core, item.accountId), item.accountId)
    return backInLine(core, item, rt)
  }
  if (verdict.kind === 'fail') return fail(core, item, rt, verdict.error)

  const attempts = item.attempts + 1
  if (attempts >= core.d.retry.attempts) {
    return fail(core, item, rt, {
      ...verdict.error,
      message: `Gave up after ${attempts} attempts. ${verdict.error.message}`,
    })
  }
  const retryAfterMs = verdict.kind === 'retry' ? verdict.retryAfterMs : undefined
  if (retryAfterMs !== undefined) {
    const until = core.d.now() + retryAfterMs
    if ((core.notBefore.get(item.accountId) ?? 0) < until) core.notBefore.set(item.accountId, until)
  }
  await store.patch(item, { attempts, error: verdict.error }, false)
  // Keep the name while a send's outcome is unknown, so no same-name upload can muddle the check.
  if (!item.sending) core.releaseName(item)
  const wait = backoffMs(attempts, core.d.retry, retryAfterMs)
  settle(rt)
  if (core.closed) return
  rt.run = 'retrying'
  rt.nextAttemptAt = Date.now() + wait
  rt.retryTimer = setTimeout(() => {
    rt.retryTimer = null
    rt.nextAttemptAt = null
    rt.run = 'idle'
    core.changed(item)
    core.push(item)
  }, wait)
  core.changed(item)
}

export function offlineMessage(core: QueueCore, accountId: string): string {
  return `Cannot reach the host of ${core.d.accountLabel(accountId)}. The queue is paused and resumes by itself when the host answers again.`
}

async function fail(core: QueueCore, item: ItemRecord, rt: Runtime, error: FiledockErrorData): Promise<void> {
  await core.d.store.patch(item, { state: 'failed', error, finishedAt: core.d.now() })
  core.releaseName(item)
  settle(rt)
  core.changed(item)
}

function backInLine(core: QueueCore, item: ItemRecord, rt: Runtime): void {
  if (!item.sending) core.releaseName(item)
  settle(rt)
  core.changed(item)
  core.push(item)
}

function settle(rt: Runtime): void {
  rt.run = 'idle'
  rt.phase = null
  rt.abort = null
  rt.abortReason = null
}

async function respectRetryAfter(core: QueueCore, accountId: string, signal: AbortSignal): Promise<void> {
  const until = core.notBefore.get(accountId)
  if (until === undefined) return
  const wait = until - core.d.now()
  if (wait <= 0) {
    core.notBefore.delete(accountId)
    return
  }
  await delay(wait, signal)
  signal.throwIfAborted()
}
