import type { LinksReadyEvent } from '../../../../shared/ipc/queue-events.ts'
import { formatCount, formatNumber } from '../../lib/format.ts'

/** How the finished card presents itself: what went wrong decides before what went well. */
export type FinishedTone = 'done' | 'errors' | 'cancelled'

export interface FinishedSummary {
  title: string
  tone: FinishedTone
  /** One sentence whose numbers add up to what was dropped: uploaded + already there + failed + cancelled. */
  text: string
}

/**
 * The one card's words for every batch finished since the user last looked (`batches`, newest first). Each
 * upload of those drops is counted once, as what became of it; a drop of which every upload was cancelled sent
 * nothing, and says so, not "0 files uploaded" under a check mark.
 */
export function finishedSummary(batches: readonly LinksReadyEvent[]): FinishedSummary {
  let uploaded = 0
  let there = 0
  let failed = 0
  let cancelled = 0
  for (const b of batches) {
    const already = b.alreadyThere ?? 0
    uploaded += b.files - already
    there += already
    failed += b.failed
    cancelled += b.cancelled ?? 0
  }
  const parts: string[] = []
  if (uploaded > 0) parts.push(`${formatCount(uploaded, 'file')} uploaded`)
  if (there > 0)
    parts.push(
      uploaded === 0
        ? `${formatCount(there, 'file')} already there, not sent again`
        : `${formatNumber(there)} already there`,
    )
  if (failed > 0) parts.push(`${formatCount(failed, 'file')} failed — see the queue`)
  if (cancelled > 0)
    parts.push(
      parts.length === 0
        ? `${formatCount(cancelled, 'upload')} cancelled, nothing sent`
        : `${formatNumber(cancelled)} cancelled`,
    )
  if (parts.length === 0) parts.push('Nothing was sent')
  const drops = batches.length > 1 ? ` (${formatNumber(batches.length)} uploads)` : ''
  const newest = batches[0]
  const copied = !newest?.copied
    ? ''
    : batches.length === 1
      ? ' The links are on the clipboard.'
      : ' The last upload’s links are on the clipboard.'
  const tone: FinishedTone =
    failed > 0 ? 'errors' : uploaded + there === 0 && cancelled > 0 ? 'cancelled' : 'done'
  const title =
    tone === 'errors'
      ? 'Upload finished with errors'
      : tone === 'cancelled'
        ? 'Upload cancelled'
        : 'Upload finished'
  return { title, tone, text: `${parts.join(', ')}${drops}.${copied}` }
}
