import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Arrival } from '../../../../shared/arrivals.ts'
import { api } from '../../app/bridge.ts'
import { Modal } from '../../components/Modal.tsx'
import { call } from '../../lib/call.ts'
import { formatCount, formatSize } from '../../lib/format.ts'
import type { Destination } from './destination.ts'
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
      title="Upload these to Filedock?"
      description={arrivalSummary(arrival, target)}
      footer={
        <div className="form-actions">
          <button type="button" className="btn" onClick={() => void answer(false)}>
            Don’t upload
          </button>
          <button
            type="button"
            className="btn btn-primary"
            data-autofocus
            disabled={arrival.files === 0}
            onClick={() => void answer(true)}
          >
            Upload
          </button>
        </div>
      }
    >
      <ul className="arrival-names">
        {arrival.names.slice(0, SHOWN_NAMES).map((name, i) => (
          // Names may repeat (two folders called Photos): the position keeps them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
          <li key={i}>{name}</li>
        ))}
        {arrival.names.length > SHOWN_NAMES ? (
          <li className="muted">and {formatCount(arrival.names.length - SHOWN_NAMES, 'more item')}</li>
        ) : null}
      </ul>
      {arrival.problem ? <p className="muted">{arrival.problem}</p> : null}
    </Modal>
  )
}

function arrivalSummary(arrival: Arrival, target: Destination): string {
  const from = 'Sent to Filedock from outside the window'
  if (arrival.files === 0) return `${from}: nothing in it can be uploaded.`
  return `${from}: ${formatCount(arrival.files, 'file')}, ${formatSize(arrival.bytes)}, to ${target.label}.`
}
