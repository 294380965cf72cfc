import { useEffect, useState } from 'react'
import type { QueueTotals } from '../../../../shared/queue.ts'
import { formatNumber } from '../../lib/format.ts'
import { useQueue } from '../../state/queue-store.ts'
import { useUploads } from '../../state/upload-store.ts'
import { finishedSummary } from './finished-summary.ts'
import { ThrottledAnnouncer } from './throttled-announcer.ts'

/** The queue's progress in words, while anything is still to send; null when nothing is. */
function progressText(t: QueueTotals): string | null {
  const active = t.queued + t.running + t.retrying + t.pending
  if (active === 0) return null
  const percent = t.totalBytes > 0 ? Math.floor((t.doneBytes / t.totalBytes) * 100) : 0
  return `Uploading: ${formatNumber(t.done)} of ${formatNumber(t.items - t.cancelled)} done, ${percent}%`
}

/**
 * The polite live region a screen reader hears the uploads through: their progress now and then, and each
 * finished card's sentence (ThrottledAnnouncer keeps it from flooding). Seen by nobody: the panel and the card
 * show the same.
 */
export function TransferAnnouncer() {
  const [text, setText] = useState('')
  const [announcer] = useState(() => new ThrottledAnnouncer(setText))
  const totals = useQueue((s) => s.totals)
  const finished = useUploads((s) => s.finished)

  useEffect(() => () => announcer.stop(), [announcer])
  useEffect(() => {
    const progress = progressText(totals)
    if (progress !== null) announcer.progress(progress)
  }, [announcer, totals])
  useEffect(() => {
    if (finished.length === 0) return
    const summary = finishedSummary(finished)
    announcer.finished(`${summary.title}. ${summary.text}`)
  }, [announcer, finished])

  return (
    <div className="sr-only" role="status" aria-live="polite" data-testid="transfer-announcer">
      {text}
    </div>
  )
}
