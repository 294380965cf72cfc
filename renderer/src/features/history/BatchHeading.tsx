import { Icon } from '../../components/Icon.tsx'
import { formatDateTime } from '../../lib/dates.ts'
import { formatCount } from '../../lib/format.ts'
import { batchWords, type BatchHeading as Heading } from './history-items.ts'

interface Props {
  heading: Heading
  start: number
  checking: boolean
  onCheck: (heading: Heading) => void
  onDownload: (heading: Heading, label: string) => void
  onVerify: (heading: Heading, label: string) => void
}

/**
 * The line over one upload's files: when it was, how many files (sent or already there), a button checking just
 * their links, Download… of the batch (main reads its files from the history, not from the rows loaded here), and
 * Verify, which compares each uploaded file with its copy on the host.
 */
export function BatchHeading({ heading, start, checking, onCheck, onDownload, onVerify }: Props) {
  const when = formatDateTime(heading.finishedAt)
  const files = batchWords(heading)
  return (
    <li
      className="history-batch"
      aria-label={`Upload of ${when}, ${files}`}
      style={{ transform: `translateY(${start}px)` }}
    >
      <span className="muted truncate">
        Upload of {when} · {files}
      </span>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={checking}
        aria-label={`Check the links of the upload of ${when}`}
        onClick={() => onCheck(heading)}
      >
        <Icon name="refresh" size={12} /> {checking ? 'Checking…' : 'Check these links'}
      </button>
      <button
        type="button"
        className="btn btn-ghost"
        aria-label={`Download the upload of ${when}`}
        onClick={() =>
          onDownload(heading, `the ${formatCount(heading.ids.length, 'file')} of the upload of ${when}`)
        }
      >
        <Icon name="download" size={12} /> Download…
      </button>
      <button
        type="button"
        className="btn btn-ghost"
        aria-label={`Verify the upload of ${when}`}
        onClick={() => onVerify(heading, `the upload of ${when}`)}
      >
        <Icon name="check" size={12} /> Verify
      </button>
    </li>
  )
}
