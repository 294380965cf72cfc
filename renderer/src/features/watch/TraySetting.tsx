import { FormattedMessage } from 'react-intl'
import { useHostKind, useUpdateSettings, useUploadSettings } from '../upload/use-upload-settings.ts'

/** Electron only: whether closing the window while uploads run keeps them going from the tray icon. */
export function TraySetting() {
  const host = useHostKind()
  const settings = useUploadSettings()
  const update = useUpdateSettings()
  if (host !== 'electron' || !settings.data) return null
  return (
    <label className="watch-tray">
      <input
        type="checkbox"
        checked={settings.data.keepRunningInTray}
        onChange={(e) => update.mutate({ keepRunningInTray: e.target.checked })}
      />{' '}
      <FormattedMessage
        id="watch.tray.keepRunning"
        defaultMessage="Keep uploading in the tray when the window is closed"
      />
    </label>
  )
}
