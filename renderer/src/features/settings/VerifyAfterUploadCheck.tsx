import { useUpdateSettings, useUploadSettings } from '../upload/use-upload-settings.ts'

/** The verifyAfterUpload setting (off by default): main verifies each finished upload batch and a toast tells. */
export function VerifyAfterUploadCheck() {
  const settings = useUploadSettings()
  const update = useUpdateSettings()
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={settings.data?.verifyAfterUpload ?? false}
        // Until the saved settings arrive a change could not be shown (nor kept): wait for them.
        disabled={settings.data === undefined}
        onChange={(e) => update.mutate({ verifyAfterUpload: e.target.checked })}
      />
      Verify each upload against the host when it finishes (reads a few MB of each file back)
    </label>
  )
}
