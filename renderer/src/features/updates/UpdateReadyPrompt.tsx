import { Icon } from '../../components/Icon.tsx'
import { useInstallOnQuit, useRestartToUpdate, useUpdateStatus } from './use-updates.ts'

/**
 * "Filedock X.Y.Z is ready: Restart now / On quit", above the content once an update is downloaded and checked.
 * Nothing installs before one of the two is chosen; it stays until then (also after a restart: the download is
 * kept and checked again).
 */
export function UpdateReadyPrompt() {
  const status = useUpdateStatus().data
  const restart = useRestartToUpdate()
  const onQuit = useInstallOnQuit()
  if (status?.state !== 'ready' || status.installOnQuit) return null
  return (
    <section className="banner banner-info" aria-label="Update ready" data-testid="update-ready">
      <Icon name="download" />
      <span role="status">Filedock {status.version} is ready.</span>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => restart.mutate()}
        disabled={restart.isPending}
      >
        Restart now
      </button>
      <button
        type="button"
        className="btn"
        style={{ marginLeft: 0 }}
        onClick={() => onQuit.mutate()}
        disabled={onQuit.isPending}
      >
        On quit
      </button>
    </section>
  )
}
