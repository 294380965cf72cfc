import { useEffect, useState } from 'react'
import { MAX_CONCURRENCY, MIN_BANDWIDTH, MIN_CONCURRENCY } from '../../../../shared/ipc/settings.ts'
import { type LinkFormat, linkFormatLabels, linkFormats } from '../../../../shared/links.ts'
import { kiloBytes, kiloName } from '../../lib/format.ts'
import { useQueue } from '../../state/queue-store.ts'
import { AutoCopyCheck } from './AutoCopyCheck.tsx'
import { queueActions } from './use-queue-actions.ts'
import { useUpdateSettings, useUploadSettings } from './use-upload-settings.ts'

const concurrencies = Array.from(
  { length: MAX_CONCURRENCY - MIN_CONCURRENCY + 1 },
  (_, i) => i + MIN_CONCURRENCY,
)

/**
 * Uploads at once, the bandwidth limit (empty for none), and how finished batches are handed over. The limit is
 * typed in the unit speeds are shown in (KB/s, or KiB/s with the binary setting).
 */
export function QueueControls() {
  const concurrency = useQueue((s) => s.concurrency)
  const bandwidth = useQueue((s) => s.bandwidthBytesPerSec)
  const settings = useUploadSettings()
  const update = useUpdateSettings()
  const shown = bandwidth === null ? '' : String(Math.round(bandwidth / kiloBytes()))
  const [limit, setLimit] = useState(shown)
  useEffect(() => setLimit(shown), [shown])
  const typed = limit.trim() === '' ? null : Number(limit)
  const limitInvalid =
    typed !== null && (!Number.isInteger(typed) || typed < 1 || typed * kiloBytes() < MIN_BANDWIDTH)

  const applyLimit = () => {
    if (limitInvalid) return
    const next = typed === null ? null : typed * kiloBytes()
    if (next !== bandwidth) void queueActions.setBandwidth(next)
  }

  return (
    <div className="queue-controls">
      <label className="inline-field">
        <span>Uploads at once</span>
        <select
          className="input"
          value={concurrency}
          onChange={(e) => void queueActions.setConcurrency(Number(e.target.value))}
        >
          {concurrencies.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <form
        className="inline-field"
        onSubmit={(e) => {
          e.preventDefault()
          applyLimit()
        }}
      >
        <label htmlFor="bandwidth-limit">Speed limit ({kiloName()}/s)</label>
        <input
          id="bandwidth-limit"
          className="input"
          inputMode="numeric"
          placeholder="No limit"
          style={{ width: 96 }}
          value={limit}
          aria-invalid={limitInvalid}
          onChange={(e) => setLimit(e.target.value)}
          onBlur={applyLimit}
        />
      </form>
      <label className="inline-field">
        <span>Link format</span>
        <select
          className="input"
          value={settings.data?.linkFormat ?? 'page'}
          // Until the saved settings arrive a change could not be shown (nor kept): wait for them.
          disabled={settings.data === undefined}
          onChange={(e) => update.mutate({ linkFormat: e.target.value as LinkFormat })}
        >
          {linkFormats.map((f) => (
            <option key={f} value={f}>
              {linkFormatLabels[f]}
            </option>
          ))}
        </select>
      </label>
      <AutoCopyCheck label="Copy links when a batch finishes" />
    </div>
  )
}
