import type { DownloadRestart, QueueItemPhase, QueueItemView } from '../../../../shared/queue.ts'
import { formatDuration, formatSpeed } from '../../lib/format.ts'
import type { ItemRate } from '../../state/queue-store.ts'

const phases: Record<QueueItemPhase, string> = {
  folders: 'Creating folders',
  checking: 'Checking the host',
  uploading: 'Uploading',
  verifying: 'Verifying',
  moving: 'Moving into its folder',
  requesting: 'Asking the host to fetch it',
  fetching: 'The host is fetching it',
  linking: 'Asking for a download link',
  downloading: 'Downloading',
  finishing: 'Putting the file in place',
}

/** Why a download fetched from its first byte again though it had bytes: said on the item, never hidden. */
const restarts: Record<DownloadRestart, string> = {
  'range-ignored': 'restarted: host ignored Range',
  changed: 'restarted: the file changed on the host',
}

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
  item: QueueItemView,
  rate: ItemRate | undefined,
  now: number,
  fetchLimitMs?: number,
): string {
  const status = stateStatus(item, rate, now, fetchLimitMs)
  return item.restarted === undefined ? status : `${status} · ${restarts[item.restarted]}`
}

function stateStatus(
  item: QueueItemView,
  rate: ItemRate | undefined,
  now: number,
  fetchLimitMs: number | undefined,
): string {
  switch (item.state) {
    case 'queued':
      return 'Waiting'
    case 'paused':
      return 'Paused'
    case 'done':
      if (item.direction === 'down') return item.alreadyThere ? 'Already here' : 'Downloaded'
      return 'Done'
    case 'cancelled':
      return 'Cancelled'
    case 'failed':
      return `Failed: ${item.error?.message ?? 'unknown error'}`
    case 'retrying': {
      const wait = item.nextAttemptAt === null ? null : Math.max(0, (item.nextAttemptAt - now) / 1000)
      const why = item.error ? ` after: ${item.error.message}` : ''
      return `Retrying${wait === null ? '' : ` in ${formatDuration(wait)}`} (attempt ${item.attempts + 1})${why}`
    }
    case 'pending':
      return `${phases.fetching}${timeLeft(item, now, fetchLimitMs)}`
    case 'running': {
      const phase = item.phase ? phases[item.phase] : 'Starting'
      if (item.phase === 'fetching') return `${phase}${timeLeft(item, now, fetchLimitMs)}`
      // The byte phases, one per direction, show how far, how fast and how long still.
      if (item.phase !== 'uploading' && item.phase !== 'downloading') return phase
      const fraction = itemFraction(item)
      const pct = fraction === null ? '' : ` ${Math.floor(fraction * 100)}%`
      const speed = rate && rate.bytesPerSec > 0 ? ` · ${formatSpeed(rate.bytesPerSec)}` : ''
      const eta = rate?.etaSec != null ? ` · ${formatDuration(rate.etaSec)} left` : ''
      return `${phase}${pct}${speed}${eta}`
    }
  }
}

function timeLeft(item: QueueItemView, now: number, limitMs: number | undefined): string {
  if (item.fetchStartedAt === undefined || limitMs === undefined) return ''
  const left = Math.max(0, (item.fetchStartedAt + limitMs - now) / 1000)
  return ` · gives up in ${formatDuration(left)}`
}
