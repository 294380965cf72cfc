import { useEffect, useState } from 'react'
import { type IntlShape, useIntl } from 'react-intl'
import type { QueueTotals } from '../../../../shared/queue.ts'
import { useQueue } from '../../state/queue-store.ts'
import { useUploads } from '../../state/upload-store.ts'
import { finishedSummary } from './finished-summary.ts'
import { ThrottledAnnouncer } from './throttled-announcer.ts'

/** The queue's progress in words, while anything is still to send; null when nothing is. */
function progressText(intl: IntlShape, t: QueueTotals): string | null {
  const active = t.queued + t.running + t.retrying + t.pending
  if (active === 0) return null
  const percent = t.totalBytes > 0 ? Math.floor((t.doneBytes / t.totalBytes) * 100) : 0
  return intl.formatMessage(
    {
      id: 'upload.announce.progress',
      defaultMessage: 'Uploading: {done, number} of {total, number} done, {percent, number, ::percent}',
    },
    { done: t.done, total: t.items - t.cancelled, percent: percent / 100 },
  )
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
  const intl = useIntl()

  useEffect(() => () => announcer.stop(), [announcer])
  useEffect(() => {
    const progress = progressText(intl, totals)
    if (progress !== null) announcer.progress(progress)
  }, [announcer, totals, intl])
  useEffect(() => {
    if (finished.length === 0) return
    const summary = finishedSummary(intl, finished)
    announcer.finished(
      intl.formatMessage(
        { id: 'upload.announce.finished', defaultMessage: '{title}. {text}' },
        { title: summary.title, text: summary.text },
      ),
    )
  }, [announcer, finished, intl])

  return (
    <div className="sr-only" role="status" aria-live="polite" data-testid="transfer-announcer">
      {text}
    </div>
  )
}
