import { useUpdateSettings, useUploadSettings } from './use-upload-settings.ts'

/** The "copy the links when a batch finishes" setting, where the queue is set up and on the finished batch. */
export function AutoCopyCheck({ label }: { label: string }) {
  const settings = useUploadSettings()
  const update = useUpdateSettings()
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={settings.data?.autoCopy ?? false}
        // Until the saved settings arrive a change could not be shown (nor kept): wait for them.
        disabled={settings.data === undefined}
        onChange={(e) => update.mutate({ autoCopy: e.target.checked })}
      />
      {label}
    </label>
  )
}
