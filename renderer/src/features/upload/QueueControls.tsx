import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { MAX_CONCURRENCY, MIN_BANDWIDTH, MIN_CONCURRENCY } from '../../../../shared/ipc/limits.ts'
import { type LinkFormat, linkFormats } from '../../../../shared/links.ts'
import { kiloBytes, kiloName } from '../../lib/format.ts'
import { useQueue } from '../../state/queue-store.ts'
import { SettingCheck } from '../settings/SettingCheck.tsx'
import { linkFormatWords } from './link-format-words.ts'
import { TransferFilterSwitch } from './TransferFilterSwitch.tsx'
import { queueActions } from './use-queue-actions.ts'
import { useUpdateSettings, useUploadSettings } from './use-upload-settings.ts'

const concurrencies = Array.from(
  { length: MAX_CONCURRENCY - MIN_CONCURRENCY + 1 },
  (_, i) => i + MIN_CONCURRENCY,
)

/**
 * Which direction the panel shows, transfers at once (per direction), the speed limits of uploads and of downloads (empty for none), and how
 * finished batches are handed over.
 */
export function QueueControls() {
  const concurrency = useQueue((s) => s.concurrency)
  const settings = useUploadSettings()
  const update = useUpdateSettings()
  const intl = useIntl()

  return (
    <div className="queue-controls">
      <TransferFilterSwitch />
      <label className="inline-field">
        <span>
          <FormattedMessage id="upload.controls.concurrency" defaultMessage="Transfers at once" />
        </span>
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
      <SpeedLimit
        direction="up"
        label={intl.formatMessage(
          { id: 'upload.controls.speedLimit', defaultMessage: 'Speed limit ({unit}/s)' },
          { unit: kiloName() },
        )}
      />
      <SpeedLimit
        direction="down"
        label={intl.formatMessage(
          { id: 'upload.controls.downloadLimit', defaultMessage: 'Download limit ({unit}/s)' },
          { unit: kiloName() },
        )}
      />
      <label className="inline-field">
        <span>
          <FormattedMessage id="upload.controls.linkFormat" defaultMessage="Link format" />
        </span>
        <select
          className="input"
          value={settings.data?.linkFormat ?? 'page'}
          // Until the saved settings arrive a change could not be shown (nor kept): wait for them.
          disabled={settings.data === undefined}
          onChange={(e) => update.mutate({ linkFormat: e.target.value as LinkFormat })}
        >
          {linkFormats.map((f) => (
            <option key={f} value={f}>
              {intl.formatMessage(linkFormatWords[f])}
            </option>
          ))}
        </select>
      </label>
      <SettingCheck
        field="autoCopy"
        label={intl.formatMessage({
          id: 'upload.controls.autoCopy',
          defaultMessage: 'Copy links when a batch finishes',
        })}
      />
    </div>
  )
}

/**
 * One direction's speed limit (`label` names it with its unit), typed in the unit speeds are shown in (KB/s, or KiB/s with the binary setting);
 * applied on Enter or when the field is left.
 */
function SpeedLimit({ direction, label }: { direction: 'up' | 'down'; label: string }) {
  const current = useQueue((s) => (direction === 'up' ? s.bandwidthBytesPerSec : s.downloadBytesPerSec))
  const shown = current === null ? '' : String(Math.round(current / kiloBytes()))
  const [limit, setLimit] = useState(shown)
  const intl = useIntl()
  useEffect(() => setLimit(shown), [shown])
  const typed = limit.trim() === '' ? null : Number(limit)
  const invalid =
    typed !== null && (!Number.isInteger(typed) || typed < 1 || typed * kiloBytes() < MIN_BANDWIDTH)
  const apply = () => {
    if (invalid) return
    const next = typed === null ? null : typed * kiloBytes()
    if (next !== current) void queueActions.setBandwidth(next, direction)
  }
  const id = `speed-limit-${direction}`
  return (
    <form
      className="inline-field"
      onSubmit={(e) => {
        e.preventDefault()
        apply()
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        inputMode="numeric"
        placeholder={intl.formatMessage({ id: 'upload.controls.noLimit', defaultMessage: 'No limit' })}
        style={{ width: 96 }}
        value={limit}
        aria-invalid={invalid}
        onChange={(e) => setLimit(e.target.value)}
        onBlur={apply}
      />
    </form>
  )
}
