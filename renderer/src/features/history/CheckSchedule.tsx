import { defineMessages, useIntl } from 'react-intl'
import { LINK_CHECK_HOURS } from '../../../../shared/link-health.ts'
import { api } from '../../app/bridge.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { toast } from '../../state/toast-store.ts'
import { useUploadSettings } from '../upload/use-upload-settings.ts'

const labels = defineMessages<Record<(typeof LINK_CHECK_HOURS)[number], Record<string, never>>>({
  1: { id: 'history.schedule.hourly', defaultMessage: 'Auto-check: every hour' },
  6: { id: 'history.schedule.sixHours', defaultMessage: 'Auto-check: every 6 hours' },
  24: { id: 'history.schedule.daily', defaultMessage: 'Auto-check: every day' },
  168: { id: 'history.schedule.weekly', defaultMessage: 'Auto-check: every week' },
})

/** How often Filedock checks the history's links by itself; off unless the user picks a period. */
export function CheckSchedule() {
  const intl = useIntl()
  const settings = useUploadSettings()
  const hours = settings.data?.linkCheckHours ?? null
  const change = async (value: string) => {
    const next = value === 'off' ? null : (Number(value) as (typeof LINK_CHECK_HOURS)[number])
    try {
      await call(api.history.setCheckSchedule({ hours: next }))
    } catch (error) {
      toast.error((intl) =>
        intl.formatMessage(
          {
            id: 'history.schedule.failed',
            defaultMessage: 'Could not change the link check schedule: {error}',
          },
          { error: errorMessage(error) },
        ),
      )
    }
  }
  return (
    <select
      className="input"
      aria-label={intl.formatMessage({
        id: 'history.schedule.label',
        defaultMessage: 'Check links automatically',
      })}
      value={hours === null ? 'off' : String(hours)}
      onChange={(e) => void change(e.target.value)}
    >
      <option value="off">
        {intl.formatMessage({ id: 'history.schedule.off', defaultMessage: 'Auto-check: off' })}
      </option>
      {LINK_CHECK_HOURS.map((h) => (
        <option key={h} value={h}>
          {intl.formatMessage(labels[h])}
        </option>
      ))}
    </select>
  )
}
