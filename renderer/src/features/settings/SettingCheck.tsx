import type { AppSettings } from '../../../../shared/ipc/settings.ts'
import { useUpdateSettings, useUploadSettings } from '../upload/use-upload-settings.ts'

type Switch = 'autoCopy' | 'verifyAfterUpload'

/**
 * A yes/no setting as a checkbox: copy the links when a batch finishes (where the queue is set up, and in
 * Settings), verify each finished upload against the host.
 */
export function SettingCheck({ field, label }: { field: Switch; label: string }) {
  const settings = useUploadSettings()
  const update = useUpdateSettings()
  const value: AppSettings[Switch] = settings.data?.[field] ?? false
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={value}
        // Until the saved settings arrive a change could not be shown (nor kept): wait for them.
        disabled={settings.data === undefined}
        onChange={(e) => update.mutate({ [field]: e.target.checked })}
      />
      {label}
    </label>
  )
}
