import { FormattedMessage, useIntl } from 'react-intl'
import { Icon } from '../../components/Icon.tsx'
import type { Words } from '../../i18n/words.ts'
import { formatDateTime } from '../../lib/dates.ts'
import { batchWords, type BatchHeading as Heading } from './history-items.ts'

interface Props {
  heading: Heading
  start: number
  checking: boolean
  onCheck: (heading: Heading) => void
  /** `label`: how the dialog names the batch, worded (its date too) in the language of the moment it is shown. */
  onDownload: (heading: Heading, label: Words) => void
  onVerify: (heading: Heading, label: Words) => void
}

/**
 * The line over one upload's files: when it was, how many files (sent or already there), a button checking just
 * their links, Download… of the batch (main reads its files from the history, not from the rows loaded here), and
 * Verify, which compares each uploaded file with its copy on the host.
 */
export function BatchHeading({ heading, start, checking, onCheck, onDownload, onVerify }: Props) {
  const intl = useIntl()
  const when = formatDateTime(heading.finishedAt)
  const files = batchWords(heading, intl)
  return (
    <li
      className="history-batch"
      aria-label={intl.formatMessage(
        { id: 'history.batch.label', defaultMessage: 'Upload of {when}, {files}' },
        { when, files },
      )}
      style={{ transform: `translateY(${start}px)` }}
    >
      <span className="muted truncate">
        <FormattedMessage
          id="history.batch.title"
          defaultMessage="Upload of {when} · {files}"
          values={{ when: <time dateTime={heading.finishedAt}>{when}</time>, files }}
        />
      </span>
      <button
        type="button"
        className="btn btn-ghost"
        disabled={checking}
        aria-label={intl.formatMessage(
          { id: 'history.batch.checkLabel', defaultMessage: 'Check the links of the upload of {when}' },
          { when },
        )}
        onClick={() => onCheck(heading)}
      >
        <Icon name="refresh" size={12} />{' '}
        {checking ? (
          <FormattedMessage id="history.batch.checking" defaultMessage="Checking…" />
        ) : (
          <FormattedMessage id="history.batch.check" defaultMessage="Check these links" />
        )}
      </button>
      <button
        type="button"
        className="btn btn-ghost"
        aria-label={intl.formatMessage(
          { id: 'history.batch.downloadLabel', defaultMessage: 'Download the upload of {when}' },
          { when },
        )}
        onClick={() =>
          onDownload(heading, (intl) =>
            intl.formatMessage(
              {
                id: 'history.batch.downloadWhat',
                defaultMessage:
                  '{count, plural, one {the # file of the upload of {when}} other {the # files of the upload of {when}}}',
              },
              { count: heading.ids.length, when: formatDateTime(heading.finishedAt) },
            ),
          )
        }
      >
        <Icon name="download" size={12} />{' '}
        <FormattedMessage id="history.batch.download" defaultMessage="Download…" />
      </button>
      <button
        type="button"
        className="btn btn-ghost"
        aria-label={intl.formatMessage(
          { id: 'history.batch.verifyLabel', defaultMessage: 'Verify the upload of {when}' },
          { when },
        )}
        onClick={() =>
          onVerify(heading, (intl) =>
            intl.formatMessage(
              { id: 'history.batch.verifyWhat', defaultMessage: 'the upload of {when}' },
              { when: formatDateTime(heading.finishedAt) },
            ),
          )
        }
      >
        <Icon name="check" size={12} /> <FormattedMessage id="history.batch.verify" defaultMessage="Verify" />
      </button>
    </li>
  )
}
