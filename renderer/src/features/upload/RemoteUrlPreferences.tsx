import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { MAX_REMOTE_TIMEOUT_MIN } from '../../../../shared/ipc/limits.ts'
import { useUpdateSettings, useUploadSettings } from './use-upload-settings.ts'

/**
 * How URLs given to the host are handled: checked from this computer first (off for URLs only the host can
 * reach), and how long the host may take to fetch one. The minutes are saved when the field is left or Enter is
 * pressed, and only when valid: a half-typed number is not a setting.
 */
export function RemoteUrlPreferences() {
  const settings = useUploadSettings().data
  const update = useUpdateSettings()
  const intl = useIntl()
  const [minutes, setMinutes] = useState(String(settings?.remoteTimeoutMin ?? ''))
  useEffect(() => setMinutes(String(settings?.remoteTimeoutMin ?? '')), [settings?.remoteTimeoutMin])
  // Kept locally first so the box shows the change in the same event (as PreferencesSection's choices do).
  const [check, setCheck] = useState(settings?.checkUrls ?? true)
  useEffect(() => setCheck(settings?.checkUrls ?? true), [settings?.checkUrls])
  const value = Number(minutes)
  const valid = Number.isInteger(value) && value >= 1 && value <= MAX_REMOTE_TIMEOUT_MIN
  const save = () => {
    if (valid && value !== settings?.remoteTimeoutMin) update.mutate({ remoteTimeoutMin: value })
  }
  return (
    <fieldset className="preferences-group" disabled={settings === undefined}>
      <legend>
        <FormattedMessage id="upload.remoteUrls.legend" defaultMessage="URLs the host fetches" />
      </legend>
      <label className="check">
        <input
          type="checkbox"
          checked={check}
          onChange={(e) => {
            setCheck(e.currentTarget.checked)
            update.mutate({ checkUrls: e.currentTarget.checked })
          }}
        />
        <FormattedMessage
          id="upload.remoteUrls.check"
          defaultMessage="Check each URL from this computer before sending it (turn off for addresses only the host can reach)"
        />
      </label>
      <label className="field">
        <FormattedMessage
          id="upload.remoteUrls.timeout"
          defaultMessage="Give up on a URL the host has not fetched after (minutes)"
        />
        <input
          type="number"
          min={1}
          max={MAX_REMOTE_TIMEOUT_MIN}
          value={minutes}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : 'remote-timeout-error'}
          onChange={(e) => setMinutes(e.currentTarget.value)}
          onBlur={save}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save()
          }}
        />
      </label>
      {valid ? null : (
        <p id="remote-timeout-error" className="field-error" role="alert">
          <FormattedMessage
            id="upload.remoteUrls.invalid"
            defaultMessage="Give whole minutes from 1 to {max}."
            // No grouping: "1440", as the field takes it.
            values={{ max: intl.formatNumber(MAX_REMOTE_TIMEOUT_MIN, { useGrouping: false }) }}
          />
        </p>
      )}
    </fieldset>
  )
}
