import { LINK_CHECK_HOURS } from '../../../../shared/link-health.ts'
import { api } from '../../app/bridge.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { toast } from '../../state/toast-store.ts'
import { useUploadSettings } from '../upload/use-upload-settings.ts'

const labels: Record<(typeof LINK_CHECK_HOURS)[number], string> = {
  1: 'Every hour',
  6: 'Every 6 hours',
  24: 'Every day',
  168: 'Every week',
}

/** How often Filedock checks the history's links by itself; off unless the user picks a period. */
export function CheckSchedule() {
  const settings = useUploadSettings()
  const hours = settings.data?.linkCheckHours ?? null
  const change = async (value: string) => {
    const next = value === 'off' ? null : (Number(value) as (typeof LINK_CHECK_HOURS)[number])
    try {
      await call(api.history.setCheckSchedule({ hours: next }))
    } catch (error) {
      toast.error(`Could not change the link check schedule: ${errorMessage(error)}`)
    }
  }
  return (
    <select
      className="input"
      aria-label="Check links automatically"
      value={hours === null ? 'off' : String(hours)}
      onChange={(e) => void change(e.target.value)}
    >
      <option value="off">Auto-check: off</option>
      {LINK_CHECK_HOURS.map((h) => (
        <option key={h} value={h}>
          Auto-check: {labels[h].toLowerCase()}
        </option>
      ))}
    </select>
  )
}
