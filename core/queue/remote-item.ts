import { defineMessages } from '@formatjs/intl'
import { type ErrorValues, FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { delay } from './backoff.ts'
import { findLost, takeSnapshot } from './dedup.ts'
import { classify, permanentText } from './failures.ts'
import type { ItemContext, Landing } from './item-context.ts'
import { verifyLanding } from './verify.ts'

/**
 * A remote URL: upload/url answers WORKING with no file code, and the host names the file after the URL's last
 * path segment. Completion is tracked by polling the target folder (and the root, in case a host ignores the
 * folder parameter) for a file of that name that was not there before the request (the snapshot).
 */

/** The name the host gives the file: the URL's last path segment, decoded; `remote_file` when there is none. */
export function remoteName(url: string): string {
  let last = ''
  try {
    last = new URL(url).pathname.split('/').pop() ?? ''
  } catch {
    return 'remote_file'
  }
  let name = last
  try {
    name = decodeURIComponent(last)
  } catch {
    // A malformed escape: hosts keep the raw segment.
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  name = name.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return name === '' ? 'remote_file' : name
}

/** Sends upload/url once; a restart after a send whose answer was lost does not send again. */
export async function requestRemote(ctx: ItemContext): Promise<void> {
  const { item, store, client, signal } = ctx
  if (item.requestedAt !== null) return
  if (item.sending) {
    // The request may have reached the host (we crashed before its answer was recorded). Sending it again
    // could fetch the file twice; not sending it risks only a clear time-out failure that a retry fixes.
    await store.patch(item, { requestedAt: ctx.now(), sending: false }, true)
    return
  }
  ctx.setPhase('requesting')
  if (item.snapshot === null) {
    item.snapshot = await takeSnapshot(client, item.name, null, folders(item.baseFldId), signal)
  }
  await store.patch(item, { snapshot: item.snapshot, sending: true }, true)
  try {
    await client.uploadRemote(item.source, item.baseFldId, { signal })
  } catch (err) {
    // A cut answer came from the host, which got the request: it is fetching. Anything else (refused, 5xx from
    // a proxy, no connection) means it did not start.
    if (!(err instanceof FiledockError && err.kind === 'malformed') || signal.aborted) {
      if (!signal.aborted) await store.patch(item, { sending: false }, true)
      throw err
    }
  }
  await store.patch(item, { requestedAt: ctx.now(), sending: false }, true)
}

export interface PollOptions {
  /** A function when it is a setting the person may change while URLs are being fetched. */
  timeoutMs: number | (() => number)
  firstPollMs: number
  maxPollMs: number
}

/**
 * Polls until the file appears (then verifies it and moves it into the target folder if it landed in the root),
 * the time-out passes (fails with a reason) or the signal aborts (throws cancelled). Transient failures of a
 * poll are ignored (the next poll tries again); auth and network failures are thrown so the engine can pause the
 * queue, and the item resumes polling (without a second request) when it runs again.
 */
export async function awaitRemote(ctx: ItemContext, o: PollOptions): Promise<Landing> {
  const { item, store, client, signal } = ctx
  ctx.setPhase('fetching')
  const since = item.requestedAt ?? ctx.now()
  const timeoutMs = () => (typeof o.timeoutMs === 'function' ? o.timeoutMs() : o.timeoutMs)
  let wait = o.firstPollMs
  for (;;) {
    let found: Awaited<ReturnType<typeof findLost>> = null
    try {
      found = await findLost(
        client,
        item.name,
        null,
        folders(item.baseFldId),
        item.snapshot ?? [],
        ctx.claimed,
        signal,
      )
    } catch (err) {
      // A rejected key or an unreachable host is the queue's business (pause); a 5xx or a garbled answer is
      // only this poll's, and the next one tries again.
      if (signal.aborted || classify(err).kind !== 'retry') throw err
    }
    if (found) {
      await store.patch(
        item,
        { fileCode: found.fileCode, size: found.size, targetFldId: item.baseFldId },
        true,
      )
      ctx.resolved()
      ctx.setPhase('verifying')
      await verifyLanding(ctx, found.fileCode, found.size)
      if (found.fldId !== item.baseFldId) {
        ctx.setPhase('moving')
        await client.fileSetFolder(found.fileCode, item.baseFldId, { signal })
      }
      return { fileCode: found.fileCode, fldId: item.baseFldId, size: found.size, name: item.name }
    }
    const left = since + timeoutMs() - ctx.now()
    if (left <= 0) {
      throw permanentText(
        REMOTE.notFetched,
        { url: item.source, ...minutes(timeoutMs()) },
        'timeout',
        'upload/url',
      )
    }
    if (!(await delay(Math.min(wait, left), signal))) {
      // In the user's words, not the API's: a cancel can reach the queue row or the CLI's output.
      throw translatedError({ kind: 'cancelled', operation: 'upload/url' }, REMOTE.cancelled, {
        url: item.source,
      })
    }
    wait = Math.min(o.maxPollMs, wait * 1.5)
  }
}

function folders(target: number): number[] {
  return target === 0 ? [0] : [target, 0]
}

function minutes(ms: number): ErrorValues {
  return ms >= 60_000
    ? { unit: 'min', amount: Math.round(ms / 60_000) }
    : { unit: 's', amount: Math.round(ms / 1000) }
}

const REMOTE = defineMessages({
  notFetched: {
    id: 'errors.queue.urlNotFetched',
    defaultMessage:
      'The host did not finish fetching {url} within {unit, select, min {{amount, number} min} other {{amount, number} s}}. Check that the URL works from the host (not only from this computer), then retry.',
  },
  cancelled: {
    id: 'errors.queue.urlCancelled',
    defaultMessage: 'Cancelled while the host was fetching {url}.',
  },
})
