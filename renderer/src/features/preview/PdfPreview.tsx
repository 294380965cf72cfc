import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { Spinner } from '../../components/States.tsx'
import { formatSize } from '../../lib/format.ts'
import { readFailed } from './failure-text.tsx'
import { NoPreview } from './NoPreview.tsx'
import { PDF_PREVIEW_MAX_BYTES } from './preview-kind.ts'
import { readStart } from './read-bytes.ts'

/**
 * A PDF in the browser's own viewer. Its direct link cannot be framed: file servers send it as an attachment (a
 * frame would download it to disk) and without CORS. So main reads it into memory and the page frames a blob:
 * URL of those bytes (the policy's frame-src allows only those), let go when the preview closes or moves on.
 */
export function PdfPreview({ file }: { file: IndexFileRow }) {
  const intl = useIntl()
  const [read, setRead] = useState(0)
  const pdf = useQuery({
    queryKey: ['preview-pdf', file.accountId, file.fileCode],
    queryFn: async ({ signal }) => {
      const { bytes, total } = await readStart(file, PDF_PREVIEW_MAX_BYTES, signal, setRead)
      if (bytes.length < total) return null
      return new Blob([bytes], { type: 'application/pdf' })
    },
    gcTime: 0,
    retry: false,
    enabled: navigator.pdfViewerEnabled,
  })
  const url = useBlobUrl(pdf.data ?? null)
  if (!navigator.pdfViewerEnabled)
    return (
      <NoPreview
        file={file}
        reason={intl.formatMessage({
          id: 'preview.pdf.noViewer',
          defaultMessage: 'This browser has no PDF viewer (it may be turned off in its settings).',
        })}
      />
    )
  if (pdf.isError) return <NoPreview file={file} reason={readFailed(intl, pdf.error)} />
  if (pdf.data === null)
    return (
      <NoPreview
        file={file}
        reason={intl.formatMessage(
          {
            id: 'preview.pdf.tooLarge',
            defaultMessage: 'This PDF is larger than {limit}: too large to preview.',
          },
          { limit: formatSize(PDF_PREVIEW_MAX_BYTES) },
        )}
      />
    )
  if (url === null)
    return (
      <p className="ql-caption">
        <Spinner
          label={intl.formatMessage({ id: 'preview.pdf.reading', defaultMessage: 'Reading the PDF' })}
        />{' '}
        {read > 0 ? (
          <FormattedMessage
            id="preview.pdf.readingProgress"
            defaultMessage="Reading the PDF… {read} of {total}"
            values={{ read: formatSize(read), total: formatSize(file.size) }}
          />
        ) : (
          <FormattedMessage id="preview.pdf.readingStart" defaultMessage="Reading the PDF…" />
        )}
      </p>
    )
  return <iframe className="ql-pdf" data-testid="ql-pdf" src={url} title={file.name} translate="no" />
}

/** An object URL for the blob while it is shown; revoked when it changes or the preview goes. */
function useBlobUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (blob === null) return setUrl(null)
    const made = URL.createObjectURL(blob)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [blob])
  return url
}
