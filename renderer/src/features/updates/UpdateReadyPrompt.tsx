import { FormattedMessage, useIntl } from 'react-intl'
import { Icon } from '../../components/Icon.tsx'
import { updateReady } from './update-messages.ts'
import { useInstallOnQuit, useRestartToUpdate, useUpdateStatus } from './use-updates.ts'

/**
 * "Filedock X.Y.Z is ready: Restart now / On quit", above the content once an update is downloaded and checked.
 * Nothing installs before one of the two is chosen; it stays until then (also after a restart: the download is
 * kept and checked again).
 */
export function UpdateReadyPrompt() {
  const intl = useIntl()
  const status = useUpdateStatus().data
  const restart = useRestartToUpdate()
  const onQuit = useInstallOnQuit()
  if (status?.state !== 'ready' || status.installOnQuit) return null
  return (
    <section
      className="banner banner-info"
      aria-label={intl.formatMessage({ id: 'updates.prompt.label', defaultMessage: 'Update ready' })}
      data-testid="update-ready"
    >
      <Icon name="download" />
      <span role="status">
        <FormattedMessage {...updateReady} values={{ version: status.version }} />
      </span>
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => restart.mutate()}
        disabled={restart.isPending}
      >
        <FormattedMessage id="updates.prompt.restart" defaultMessage="Restart now" />
      </button>
      <button
        type="button"
        className="btn"
        style={{ marginInlineStart: 0 }}
        onClick={() => onQuit.mutate()}
        disabled={onQuit.isPending}
      >
        <FormattedMessage id="updates.prompt.onQuit" defaultMessage="On quit" />
      </button>
    </section>
  )
}
