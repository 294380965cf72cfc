import { FormattedMessage, type IntlShape, useIntl } from 'react-intl'
import type { UpdateStatus } from '../../../../shared/updates.ts'
import { errorMessage } from '../../lib/call.ts'
import { formatAgo } from '../../lib/format.ts'
import { useUpdateSettings, useUploadSettings } from '../upload/use-upload-settings.ts'
import { UpdateReadyPrompt } from './UpdateReadyPrompt.tsx'
import { updateReady } from './update-messages.ts'
import { useCheckForUpdates, useUpdateStatus } from './use-updates.ts'

/**
 * Settings → Updates: whether Filedock looks for new versions by itself, "Check now", and what the updater is
 * doing. The portable build says where its data is and that keys stay behind; the browser host shows nothing
 * (it runs from a checkout, which updates the way it was installed).
 */
export function UpdatesSection() {
  const status = useUpdateStatus().data
  if (!status || (status.state === 'unavailable' && status.reason === 'browser-host')) return null
  return (
    <section className="preferences" aria-labelledby="settings-updates-title" data-testid="settings-updates">
      <h3 id="settings-updates-title" className="preferences-title">
        <FormattedMessage id="updates.title" defaultMessage="Updates" />
      </h3>
      {status.state === 'portable' ? <PortableNote dataDir={status.dataDir} /> : <Updater status={status} />}
    </section>
  )
}

function PortableNote({ dataDir }: { dataDir: string }) {
  return (
    <>
      <p>
        <FormattedMessage
          id="updates.portable.data"
          defaultMessage="This is the portable Filedock. Its accounts and settings are kept beside it, in {folder}, so they travel with it. It does not update itself: replace it with a newer portable copy."
          values={{ folder: <code translate="no">{dataDir}</code> }}
        />
      </p>
      <p>
        <FormattedMessage
          id="updates.portable.keys"
          defaultMessage="API keys are not in that folder: they stay in the keychain of this computer (Windows Credential Manager). On another computer, Filedock asks for each account’s key again."
        />
      </p>
    </>
  )
}

function Updater({ status }: { status: UpdateStatus }) {
  const intl = useIntl()
  const settings = useUploadSettings()
  const update = useUpdateSettings()
  const check = useCheckForUpdates()
  if (status.state === 'unavailable') {
    return (
      <p>
        {status.reason === 'development' ? (
          <FormattedMessage
            id="updates.unavailable.development"
            defaultMessage="This copy runs from its source code (npm start): it does not update itself."
          />
        ) : (
          <FormattedMessage
            id="updates.unavailable.unpacked"
            defaultMessage="This copy was not installed by a Filedock installer (an unpacked folder), so it cannot update itself."
          />
        )}
      </p>
    )
  }
  const busy = status.state === 'checking' || status.state === 'downloading' || check.isPending
  return (
    <>
      {settings.data && (
        <label>
          <input
            type="checkbox"
            checked={settings.data.checkForUpdates}
            onChange={(e) => update.mutate({ checkForUpdates: e.target.checked })}
          />{' '}
          <FormattedMessage
            id="updates.automatic"
            defaultMessage="Look for updates automatically and download them in the background"
          />
        </label>
      )}
      <div className="updates-row">
        <span role="status" data-testid="update-status">
          {statusLine(status, intl)}
        </span>
        {status.state !== 'ready' && (
          <button type="button" className="btn" onClick={() => check.mutate()} disabled={busy}>
            <FormattedMessage id="updates.checkNow" defaultMessage="Check now" />
          </button>
        )}
      </div>
      <UpdateReadyPrompt />
    </>
  )
}

function statusLine(status: UpdateStatus, intl: IntlShape): string {
  switch (status.state) {
    case 'idle':
      return status.checkedAt === null
        ? intl.formatMessage({ id: 'updates.status.notChecked', defaultMessage: 'Not checked yet.' })
        : intl.formatMessage(
            { id: 'updates.status.upToDate', defaultMessage: 'Up to date (checked {ago}).' },
            { ago: formatAgo((Date.now() - status.checkedAt) / 1000) },
          )
    case 'checking':
      return intl.formatMessage({ id: 'updates.status.checking', defaultMessage: 'Looking for updates…' })
    case 'downloading':
      return intl.formatMessage(
        { id: 'updates.status.downloading', defaultMessage: 'Downloading Filedock {version}… {percent} %' },
        { version: status.version, percent: status.percent },
      )
    case 'ready':
      return status.installOnQuit
        ? intl.formatMessage(
            {
              id: 'updates.status.onQuit',
              defaultMessage: 'Filedock {version} installs when you quit Filedock.',
            },
            { version: status.version },
          )
        : intl.formatMessage(updateReady, { version: status.version })
    case 'error':
      return status.error ? errorMessage(status.error) : status.message
    default:
      return ''
  }
}
