import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl'
import type { Arrival } from '../../../../shared/arrivals.ts'
import { api } from '../../app/bridge.ts'
import { Modal } from '../../components/Modal.tsx'
import { call } from '../../lib/call.ts'
import { formatSize } from '../../lib/format.ts'
import { type Destination, destinationLabel } from './destination.ts'
import { enqueuePaths } from './enqueue.ts'
import { useDestination } from './use-destination.ts'

/** react-query key of the waiting arrivals; events.ts invalidates it on arrivals.changed. */
export const arrivalsKey = ['arrivals'] as const

const SHOWN_NAMES = 5

/**
 * Files and folders handed to Filedock from outside the window (Open with, Send to, a second launch): shown
 * first, one arrival at a time (what, how much, where to), and uploaded only on "Upload", as a drop of them into
 * the open folder would be. "Don't upload", Escape or closing drop them.
 */
export function ArrivalsDialog() {
  const qc = useQueryClient()
  const { data } = useQuery({ queryKey: arrivalsKey, queryFn: () => call(api.arrivals.list({})) })
  const target = useDestination()
  const [answered, setAnswered] = useState<string | null>(null)
  const intl = useIntl()
  const arrival = data?.find((a) => a.id !== answered)
  if (!arrival || !target) return null

  const answer = async (upload: boolean) => {
    setAnswered(arrival.id)
    await call(api.arrivals.dismiss({ id: arrival.id })).catch(() => null)
    void qc.invalidateQueries({ queryKey: arrivalsKey })
    if (upload) await enqueuePaths(arrival.paths, target)
  }

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) void answer(false)
      }}
      title={intl.formatMessage({ id: 'upload.arrivals.title', defaultMessage: 'Upload these to Filedock?' })}
      description={arrivalSummary(intl, arrival, target)}
      footer={
        <div className="form-actions">
          <button type="button" className="btn" onClick={() => void answer(false)}>
            <FormattedMessage id="upload.arrivals.dontUpload" defaultMessage="Don’t upload" />
          </button>
          <button
            type="button"
            className="btn btn-primary"
            data-autofocus
            disabled={arrival.files === 0}
            onClick={() => void answer(true)}
          >
            <FormattedMessage id="upload.arrivals.upload" defaultMessage="Upload" />
          </button>
        </div>
      }
    >
      <ul className="arrival-names" translate="no">
        {arrival.names.slice(0, SHOWN_NAMES).map((name, i) => (
          // Names may repeat (two folders called Photos): the position keeps them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <li key={i}>{name}</li>
        ))}
        {arrival.names.length > SHOWN_NAMES ? (
          <li className="muted" translate="yes">
            <FormattedMessage
              id="upload.arrivals.more"
              defaultMessage="and {count, plural, one {# more item} other {# more items}}"
              values={{ count: arrival.names.length - SHOWN_NAMES }}
            />
          </li>
        ) : null}
      </ul>
      {arrival.problem ? (
        <p className="muted" translate="no">
          {arrival.problem}
        </p>
      ) : null}
    </Modal>
  )
}

function arrivalSummary(intl: IntlShape, arrival: Arrival, target: Destination): string {
  if (arrival.files === 0)
    return intl.formatMessage({
      id: 'upload.arrivals.nothing',
      defaultMessage: 'Sent to Filedock from outside the window: nothing in it can be uploaded.',
    })
  return intl.formatMessage(
    {
      id: 'upload.arrivals.summary',
      defaultMessage:
        'Sent to Filedock from outside the window: {count, plural, one {# file} other {# files}}, {size}, to {destination}.',
    },
    { count: arrival.files, size: formatSize(arrival.bytes), destination: destinationLabel(intl, target) },
  )
}
