import { FormattedMessage, useIntl } from 'react-intl'
import { Icon } from '../../components/Icon.tsx'
import { Modal } from '../../components/Modal.tsx'
import { useUi } from '../../state/ui-store.ts'
import { manageAccounts } from '../accounts/account-messages.ts'
import { UpdatesSection } from '../updates/UpdatesSection.tsx'
import { TraySetting } from '../watch/TraySetting.tsx'
import { PreferencesSection } from './PreferencesSection.tsx'
import { SettingCheck } from './SettingCheck.tsx'

/**
 * The app's settings where people look for them (the sidebar's Settings, Ctrl+, or ⌘,): the window-wide
 * preferences, how finished uploads are handed over, the tray (Electron), updates, and the way to the accounts.
 */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl()
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={intl.formatMessage({ id: 'settings.title', defaultMessage: 'Settings' })}
      wide
    >
      <PreferencesSection />
      <section className="preferences" aria-labelledby="settings-uploads-title">
        <h3 id="settings-uploads-title" className="preferences-title">
          <FormattedMessage id="settings.uploads.title" defaultMessage="Uploads" />
        </h3>
        <SettingCheck
          field="autoCopy"
          label={intl.formatMessage({
            id: 'settings.uploads.autoCopy',
            defaultMessage: 'Copy the links automatically when an upload finishes',
          })}
        />
        <SettingCheck
          field="verifyAfterUpload"
          label={intl.formatMessage({
            id: 'settings.uploads.verifyAfterUpload',
            defaultMessage:
              'Verify each upload against the host when it finishes (reads a few MB of each file back)',
          })}
        />
        <TraySetting />
      </section>
      <UpdatesSection />
      <section className="preferences" aria-labelledby="settings-accounts-title">
        <h3 id="settings-accounts-title" className="preferences-title">
          <FormattedMessage id="settings.accounts.title" defaultMessage="Accounts" />
        </h3>
        <div>
          <button
            type="button"
            className="btn"
            onClick={() => useUi.getState().openDialog({ kind: 'accounts' })}
          >
            <Icon name="user" size={14} /> <FormattedMessage {...manageAccounts} />
          </button>
        </div>
      </section>
    </Modal>
  )
}
