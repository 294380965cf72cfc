import { useQuery } from '@tanstack/react-query'
import { FormattedMessage, useIntl } from 'react-intl'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { Spinner } from '../../components/States.tsx'
import { formatSize } from '../../lib/format.ts'
import { readFailed } from './failure-text.tsx'
import { NoPreview } from './NoPreview.tsx'
import { TEXT_PREVIEW_BYTES } from './preview-kind.ts'
import { readStart } from './read-bytes.ts'

/** A NUL in the first bytes: what `file` and Git take for binary, which is shown as no preview, not as noise. */
const looksBinary = (bytes: Uint8Array) => bytes.subarray(0, 8192).includes(0)

/** A text file's first TEXT_PREVIEW_BYTES as UTF-8, read by main into memory (never to disk). */
export function TextPreview({ file }: { file: IndexFileRow }) {
  const intl = useIntl()
  const text = useQuery({
    queryKey: ['preview-text', file.accountId, file.fileCode],
    queryFn: async ({ signal }) => {
      const { bytes, total } = await readStart(file, TEXT_PREVIEW_BYTES, signal)
      if (looksBinary(bytes)) return null
      // stream: a character cut by the byte cap is left out, not shown as a replacement mark.
      return {
        text: new TextDecoder().decode(bytes, { stream: bytes.length < total }),
        shown: bytes.length,
        total,
      }
    },
    gcTime: 0,
    retry: false,
  })
  if (text.isPending)
    return (
      <Spinner
        label={intl.formatMessage({ id: 'preview.text.reading', defaultMessage: 'Reading the file' })}
      />
    )
  if (text.isError) return <NoPreview file={file} reason={readFailed(intl, text.error)} />
  if (text.data === null)
    return (
      <NoPreview
        file={file}
        reason={intl.formatMessage({
          id: 'preview.text.notText',
          defaultMessage: 'This file is not text: there is nothing to show.',
        })}
      />
    )
  const { shown, total } = text.data
  const textLabel = intl.formatMessage(
    { id: 'preview.text.label', defaultMessage: 'Text of {name}' },
    { name: file.name },
  )
  return (
    <div className="ql-text-frame">
      {shown < total ? (
        <p className="ql-caption" data-testid="ql-text-cut">
          <FormattedMessage
            id="preview.text.cut"
            defaultMessage="Showing the first {shown} of {total}."
            values={{ shown: formatSize(shown), total: formatSize(total) }}
          />
        </p>
      ) : null}
      {/* Focusable, so the keyboard can scroll it (Tab into it: there the arrows and Space scroll the text). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolled region must take focus to be scrolled by keys */}
      <section className="ql-text" tabIndex={0} aria-label={textLabel}>
        <pre data-testid="ql-text" translate="no">
          {text.data.text}
        </pre>
      </section>
    </div>
  )
}
