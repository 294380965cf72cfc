import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { LinksReadyEvent } from '../../../../shared/ipc/queue-events.ts'
import { type LinkFormat, linkFormatLabels, linkFormats } from '../../../../shared/links.ts'
import { api } from '../../app/bridge.ts'
import { Icon } from '../../components/Icon.tsx'
import { call, errorMessage } from '../../lib/call.ts'
import { copyText } from '../../lib/clipboard.ts'
import { formatCount } from '../../lib/format.ts'
import { toast } from '../../state/toast-store.ts'
import { useUploads } from '../../state/upload-store.ts'
import { AutoCopyCheck } from './AutoCopyCheck.tsx'
import { useUpdateSettings } from './use-upload-settings.ts'

/**
 * A finished batch's link pack: a card (not modal, uploads go on behind it) with the links in the chosen
 * format, a Copy button, the format picker and the auto-copy switch. Picking a format also makes it the one
 * used for the next batches.
 */
export function BatchFinished() {
  const finished = useUploads((s) => s.finished)
  const first = finished[0]
  if (!first) return null
  return <BatchCard key={first.batchId} event={first} more={finished.length - 1} />
}

function BatchCard({ event, more }: { event: LinksReadyEvent; more: number }) {
  const dismiss = useUploads((s) => s.dismissFinished)
  const update = useUpdateSettings()
  const [format, setFormat] = useState<LinkFormat>(event.format)
  const pack = useQuery({
    queryKey: ['link-pack', event.batchId, format],
    queryFn: () => call(api.links.pack({ batchId: event.batchId, format })),
    enabled: format !== event.format && event.files > 0,
    staleTime: Infinity,
  })
  const text = format === event.format ? event.text : (pack.data ?? '')
  const title = event.failed > 0 ? 'Upload finished with errors' : 'Upload finished'

  const copy = async () => {
    try {
      await copyText(text)
      toast.success('Links copied to the clipboard')
    } catch (error) {
      toast.error(`Could not copy the links: ${errorMessage(error)}`)
    }
  }

  const there = event.alreadyThere ?? 0
  return (
    <section className="batch-card" role="dialog" aria-modal="false" aria-label={title}>
      <header className="batch-card-header">
        <Icon name={event.failed > 0 ? 'alert' : 'check'} />
        <strong>{title}</strong>
        <button type="button" className="icon-btn" aria-label="Close" onClick={() => dismiss(event.batchId)}>
          <Icon name="x" size={14} />
        </button>
      </header>
      <p className="muted" data-testid="batch-summary">
        {there === event.files && there > 0
          ? `${formatCount(there, 'file')} already there, not sent again`
          : `${formatCount(event.files - there, 'file')} uploaded`}
        {there > 0 && there < event.files ? `, ${there.toLocaleString('en-US')} already there` : ''}
        {event.failed > 0 ? `, ${formatCount(event.failed, 'file')} failed — see the queue` : ''}
        {event.copied ? '. The links are on the clipboard.' : '.'}
        {more > 0 ? ` ${more} more finished.` : ''}
      </p>
      {event.files > 0 ? (
        <>
          <div className="batch-card-row">
            <label htmlFor="pack-format" className="muted">
              Format
            </label>
            <select
              id="pack-format"
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
                  {linkFormatLabels[f]}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void copy()}
              disabled={text === ''}
            >
              <Icon name="copy" size={14} /> Copy
            </button>
          </div>
          <textarea
            className="input textarea mono"
            aria-label="Link pack"
            readOnly
            rows={Math.min(8, Math.max(3, text.split('\n').length))}
            value={pack.isFetching ? 'Loading…' : pack.isError ? errorMessage(pack.error) : text}
          />
        </>
      ) : null}
      <AutoCopyCheck label="Copy the links automatically when an upload finishes" />
    </section>
  )
}
