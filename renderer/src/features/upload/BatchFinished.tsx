import { useQueries } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { LinksReadyEvent } from '../../../../shared/ipc/queue-events.ts'
import { type LinkFormat, linkFormats } from '../../../../shared/links.ts'
import { api } from '../../app/bridge.ts'
import { Icon, type IconName } from '../../components/Icon.tsx'
import { call, errorMessage } from '../../lib/call.ts'
import { copyText } from '../../lib/clipboard.ts'
import { toast } from '../../state/toast-store.ts'
import { useUploads } from '../../state/upload-store.ts'
import { type FinishedTone, finishedSummary } from './finished-summary.ts'
import { linkFormatWords } from './link-format-words.ts'
import { useUpdateSettings } from './use-upload-settings.ts'

const ICONS: Record<FinishedTone, IconName> = { done: 'check', errors: 'alert', cancelled: 'x' }

/**
 * THE finished card: one for everything that finished since the user last looked (closed it), never a stack of
 * cards each hiding the next. Its sentence adds up every upload of those drops; its link pack lists their links,
 * the newest drop's first, and Copy copies exactly what it lists. Not modal: uploads go on behind it. Picking a
 * format also makes it the one used for the next batches.
 */
export function BatchFinished() {
  const finished = useUploads((s) => s.finished)
  const first = finished[0]
  if (!first) return null
  // A new card for a new look (the format picked last time is the settings' one by now).
  return <FinishedCard key={finished.at(-1)?.batchId ?? first.batchId} batches={finished} />
}

function FinishedCard({ batches }: { batches: readonly LinksReadyEvent[] }) {
  const dismiss = useUploads((s) => s.dismissFinished)
  const update = useUpdateSettings()
  const newest = batches[0] as LinksReadyEvent
  const [format, setFormat] = useState<LinkFormat>(newest.format)
  const pack = usePack(batches, format)
  const intl = useIntl()
  const summary = finishedSummary(intl, batches)
  const formatId = useId()
  const hasLinks = batches.some((b) => b.files > 0)

  const copy = async () => {
    try {
      await copyText(pack.text)
      toast.success((intl) =>
        intl.formatMessage({ id: 'upload.finished.copied', defaultMessage: 'Links copied to the clipboard' }),
      )
    } catch (error) {
      toast.error((intl) =>
        intl.formatMessage(
          { id: 'upload.finished.copyFailed', defaultMessage: 'Could not copy the links: {error}' },
          { error: errorMessage(error) },
        ),
      )
    }
  }

  return (
    <section
      className="batch-card"
      data-tone={summary.tone}
      role="dialog"
      aria-modal="false"
      aria-label={summary.title}
    >
      <header className="batch-card-header">
        <Icon name={ICONS[summary.tone]} />
        <strong>{summary.title}</strong>
        <p className="muted batch-card-summary" data-testid="batch-summary">
          {summary.text}
        </p>
        {hasLinks ? (
          <>
            <label htmlFor={formatId} className="sr-only">
              <FormattedMessage id="upload.finished.format" defaultMessage="Format" />
            </label>
            <select
              id={formatId}
              className="input"
              value={format}
              onChange={(e) => {
                const next = e.target.value as LinkFormat
                setFormat(next)
                update.mutate({ linkFormat: next })
              }}
            >
              {linkFormats.map((f) => (
                <option key={f} value={f}>
                  {intl.formatMessage(linkFormatWords[f])}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void copy()}
              disabled={pack.text === '' || pack.loading}
            >
              <Icon name="copy" size={14} />{' '}
              <FormattedMessage id="upload.finished.copy" defaultMessage="Copy" />
            </button>
          </>
        ) : null}
        <button
          type="button"
          className="icon-btn"
          aria-label={intl.formatMessage({ id: 'upload.finished.close', defaultMessage: 'Close' })}
          onClick={dismiss}
        >
          <Icon name="x" size={14} />
        </button>
      </header>
      {hasLinks ? (
        <textarea
          className="input textarea mono"
          aria-label={intl.formatMessage({ id: 'upload.finished.linkPack', defaultMessage: 'Link pack' })}
          translate="no"
          readOnly
          rows={2}
          value={
            pack.loading
              ? intl.formatMessage({ id: 'upload.finished.loading', defaultMessage: 'Loading…' })
              : (pack.error ?? pack.text)
          }
        />
      ) : null}
    </section>
  )
}

/**
 * The links of `batches` in `format`, newest batch first: each batch's own pack where it was made in that format,
 * else asked of main (links.pack) once and kept.
 */
function usePack(batches: readonly LinksReadyEvent[], format: LinkFormat) {
  const others = useQueries({
    queries: batches.map((b) => ({
      queryKey: ['link-pack', b.batchId, format],
      queryFn: () => call(api.links.pack({ batchId: b.batchId, format })),
      enabled: format !== b.format && b.files > 0,
      staleTime: Number.POSITIVE_INFINITY,
    })),
  })
  const texts = batches.map((b, i) => (format === b.format ? b.text : (others[i]?.data ?? '')))
  const failed = others.find((q) => q.isError)
  return {
    text: texts.filter((t) => t !== '').join('\n'),
    loading: others.some((q) => q.isFetching),
    error: failed ? errorMessage(failed.error) : null,
  }
}
