import { Icon } from '../../components/Icon.tsx'
import { formatDateTime } from '../../lib/dates.ts'
import { formatCount } from '../../lib/format.ts'
import type { BatchHeading as Heading } from './history-items.ts'

interface Props {
  heading: Heading
  start: number
  checking: boolean
  onCheck: (heading: Heading) => void
}

/** The line over one upload's files: when it was, how many files, and a button checking just their links. */
export function BatchHeading({ heading, start, checking, onCheck }: Props) {
  const when = formatDateTime(heading.finishedAt)
  const files = formatCount(heading.ids.length, 'file')
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
    </li>
  )
}
