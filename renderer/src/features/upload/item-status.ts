import { defineMessages, type IntlShape } from 'react-intl'
import type { DownloadRestart, QueueItemPhase, QueueItemView } from '../../../../shared/queue.ts'
import { descriptors } from '../../i18n/descriptors.ts'
import { errorMessage } from '../../lib/call.ts'
import { formatDuration, formatSpeed } from '../../lib/format.ts'
import type { ItemRate } from '../../state/queue-store.ts'

const phases = descriptors<QueueItemPhase>(
  defineMessages({
    folders: { id: 'upload.phase.folders', defaultMessage: 'Creating folders' },
    checking: { id: 'upload.phase.checking', defaultMessage: 'Checking the host' },
    uploading: { id: 'upload.phase.uploading', defaultMessage: 'Uploading' },
    verifying: { id: 'upload.phase.verifying', defaultMessage: 'Verifying' },
    moving: { id: 'upload.phase.moving', defaultMessage: 'Moving into its folder' },
    requesting: { id: 'upload.phase.requesting', defaultMessage: 'Asking the host to fetch it' },
    fetching: { id: 'upload.phase.fetching', defaultMessage: 'The host is fetching it' },
    linking: { id: 'upload.phase.linking', defaultMessage: 'Asking for a download link' },
    downloading: { id: 'upload.phase.downloading', defaultMessage: 'Downloading' },
    finishing: { id: 'upload.phase.finishing', defaultMessage: 'Putting the file in place' },
  }),
)

/** Why a download fetched from its first byte again though it had bytes: said on the item, never hidden. */
const restarts = descriptors<DownloadRestart>(
  defineMessages({
    'range-ignored': { id: 'upload.restart.rangeIgnored', defaultMessage: 'restarted: host ignored Range' },
    changed: { id: 'upload.restart.changed', defaultMessage: 'restarted: the file changed on the host' },
  }),
)

const words = descriptors(
  defineMessages({
    waiting: { id: 'upload.status.waiting', defaultMessage: 'Waiting' },
    paused: { id: 'upload.status.paused', defaultMessage: 'Paused' },
    alreadyHere: { id: 'upload.status.alreadyHere', defaultMessage: 'Already here' },
    downloaded: { id: 'upload.status.downloaded', defaultMessage: 'Downloaded' },
    done: { id: 'upload.status.done', defaultMessage: 'Done' },
    cancelled: { id: 'upload.status.cancelled', defaultMessage: 'Cancelled' },
    failed: { id: 'upload.status.failed', defaultMessage: 'Failed: {reason}' },
    unknownError: { id: 'upload.status.unknownError', defaultMessage: 'unknown error' },
    starting: { id: 'upload.status.starting', defaultMessage: 'Starting' },
    retrying: {
      id: 'upload.status.retrying',
      defaultMessage:
        '{when, select, later {Retrying in {wait} (attempt {attempt, number})} other {Retrying (attempt {attempt, number})}}',
    },
    retryingAfter: {
      id: 'upload.status.retryingAfter',
      defaultMessage:
        '{when, select, later {Retrying in {wait} (attempt {attempt, number}) after: {reason}} other {Retrying (attempt {attempt, number}) after: {reason}}}',
    },
    joined: { id: 'upload.status.joined', defaultMessage: '{status} · {more}' },
    percent: { id: 'upload.status.percent', defaultMessage: '{phase} {percent, number, ::percent}' },
    left: { id: 'upload.status.left', defaultMessage: '{duration} left' },
    givesUp: { id: 'upload.status.givesUp', defaultMessage: 'gives up in {duration}' },
  }),
)

/** Fraction done, 0..1; null when not known (a URL the host is fetching). */
export function itemFraction(item: QueueItemView): number | null {
  if (item.state === 'done') return 1
  if ((item.kind !== 'file' && item.kind !== 'download') || item.size === null) return null
  if (item.size === 0) return 0
  return Math.min(1, item.bytesDone / item.size)
}

/**
 * One line for people: what the item is doing, or why it stopped (in the host's words). `fetchLimitMs` is the
 * fetch time limit setting: a URL the host is fetching says how long it still gets.
 */
export function itemStatus(
  intl: IntlShape,
  item: QueueItemView,
  rate: ItemRate | undefined,
  now: number,
  fetchLimitMs?: number,
): string {
  const status = stateStatus(intl, item, rate, now, fetchLimitMs)
  return item.restarted === undefined
    ? status
    : intl.formatMessage(words.joined, { status, more: intl.formatMessage(restarts[item.restarted]) })
}

function stateStatus(
  intl: IntlShape,
  item: QueueItemView,
  rate: ItemRate | undefined,
  now: number,
  fetchLimitMs: number | undefined,
): string {
  const say = intl.formatMessage
  switch (item.state) {
    case 'queued':
      return say(words.waiting)
    case 'paused':
      return say(words.paused)
    case 'done':
      if (item.direction === 'down') return say(item.alreadyThere ? words.alreadyHere : words.downloaded)
      return say(words.done)
    case 'cancelled':
      return say(words.cancelled)
    case 'failed':
      return say(words.failed, { reason: item.error ? errorMessage(item.error) : say(words.unknownError) })
    case 'retrying': {
      const wait = item.nextAttemptAt === null ? null : Math.max(0, (item.nextAttemptAt - now) / 1000)
      const values = {
        when: wait === null ? 'now' : 'later',
        wait: wait === null ? '' : formatDuration(wait),
        attempt: item.attempts + 1,
      }
      return item.error
        ? say(words.retryingAfter, { ...values, reason: errorMessage(item.error) })
        : say(words.retrying, values)
    }
    case 'pending':
      return withTimeLeft(intl, say(phases.fetching), item, now, fetchLimitMs)
    case 'running': {
      const phase = item.phase ? say(phases[item.phase]) : say(words.starting)
      if (item.phase === 'fetching') return withTimeLeft(intl, phase, item, now, fetchLimitMs)
      // The byte phases, one per direction, show how far, how fast and how long still.
      if (item.phase !== 'uploading' && item.phase !== 'downloading') return phase
      const fraction = itemFraction(item)
      let line =
        fraction === null ? phase : say(words.percent, { phase, percent: Math.floor(fraction * 100) / 100 })
      if (rate && rate.bytesPerSec > 0)
        line = say(words.joined, { status: line, more: formatSpeed(rate.bytesPerSec) })
      if (rate?.etaSec != null)
        line = say(words.joined, {
          status: line,
          more: say(words.left, { duration: formatDuration(rate.etaSec) }),
        })
      return line
    }
  }
}

function withTimeLeft(
  intl: IntlShape,
  status: string,
  item: QueueItemView,
  now: number,
  limitMs: number | undefined,
): string {
  if (item.fetchStartedAt === undefined || limitMs === undefined) return status
  const left = Math.max(0, (item.fetchStartedAt + limitMs - now) / 1000)
  return intl.formatMessage(words.joined, {
    status,
    more: intl.formatMessage(words.givesUp, { duration: formatDuration(left) }),
  })
}
