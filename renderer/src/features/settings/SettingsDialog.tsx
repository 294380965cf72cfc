import { Icon } from '../../components/Icon.tsx'
import { Modal } from '../../components/Modal.tsx'
import { useUi } from '../../state/ui-store.ts'
import { UpdatesSection } from '../updates/UpdatesSection.tsx'
import { TraySetting } from '../watch/TraySetting.tsx'
import { PreferencesSection } from './PreferencesSection.tsx'
import { SettingCheck } from './SettingCheck.tsx'

/**
 * The app's settings where people look for them (the sidebar's Settings, Ctrl+, or ⌘,): the window-wide
 * preferences, how finished uploads are handed over, the tray (Electron), updates, and the way to the accounts.
 */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Settings" wide>
      <PreferencesSection />
      <section className="preferences" aria-labelledby="settings-uploads-title">
        <h3 id="settings-uploads-title" className="preferences-title">
          Uploads
        </h3>
        <SettingCheck field="autoCopy" label="Copy the links automatically when an upload finishes" />
        <SettingCheck
          field="verifyAfterUpload"
          label="Verify each upload against the host when it finishes (reads a few MB of each file back)"
        />
        <TraySetting />
      </section>
      <UpdatesSection />
      <section className="preferences" aria-labelledby="settings-accounts-title">
        <h3 id="settings-accounts-title" className="preferences-title">
          Accounts
        </h3>
        <div>
          <button
            type="button"
            className="btn"
            onClick={() => useUi.getState().openDialog({ kind: 'accounts' })}
          >
            <Icon name="user" size={14} /> Manage accounts…
          </button>
        </div>
      </section>
    </Modal>
  )
}
