import * as Menu from '@radix-ui/react-dropdown-menu'
import { useRef } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { NO_NATIVE_DIALOG } from '../../../../shared/ipc/channels.ts'
import { api } from '../../app/bridge.ts'
import { Icon } from '../../components/Icon.tsx'
import { errorMessage } from '../../lib/call.ts'
import { toast } from '../../state/toast-store.ts'
import { useUploads } from '../../state/upload-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { type Destination, destinationLabel, folderLabelOf } from './destination.ts'
import { readFileList } from './dropped-files.ts'
import { enqueuePaths, enqueueTree } from './enqueue.ts'
import { useMirrorFolders } from './mirror-folders.ts'
import { useDestination } from './use-destination.ts'
import { useHostKind } from './use-upload-settings.ts'

/**
 * The toolbar's "Upload…" menu: files or a folder (the native dialog in Electron, the browser's picker in the
 * browser host), URLs for the host to fetch, paths on the host machine (browser host), and the accounts an
 * upload is mirrored to.
 */
export function UploadMenu() {
  const target = useDestination()
  const host = useHostKind()
  const { data } = useAccounts()
  const openDialog = useUploads((s) => s.openDialog)
  const setTargets = useUploads((s) => s.setTargets)
  const setPanelOpen = useUploads((s) => s.setPanelOpen)
  const pickFolder = useMirrorFolders((s) => s.pick)
  const filesInput = useRef<HTMLInputElement>(null)
  const folderInput = useRef<HTMLInputElement>(null)
  const intl = useIntl()
  if (!target || !data) return null

  const pick = async (kind: 'files' | 'folder', t: Destination) => {
    if (host === 'electron') {
      const result = await api.dialog.pickPaths({ kind })
      if (result.ok) return enqueuePaths(result.value, t)
      if (result.error.operation !== NO_NATIVE_DIALOG) return toast.error(() => errorMessage(result.error))
    }
    ;(kind === 'files' ? filesInput : folderInput).current?.click()
  }
  const accountIds = target.targets.map((t) => t.accountId)
  const toggle = (id: string, on: boolean) => {
    const next = new Set(accountIds)
    if (on) next.add(id)
    else next.delete(id)
    // Never none: unticking the last account leaves the active one.
    setTargets(data.accounts.map((a) => a.id).filter((a) => next.has(a)))
  }
  const onPicked = (input: HTMLInputElement) => {
    const files = input.files
    if (files && files.length > 0) void enqueueTree(readFileList(files), target, intl)
    input.value = ''
  }

  return (
    <>
      <input
        ref={filesInput}
        type="file"
        multiple
        hidden
        data-testid="upload-files-input"
        onChange={(e) => onPicked(e.currentTarget)}
      />
      <input
        ref={folderInput}
        type="file"
        hidden
        data-testid="upload-folder-input"
        // React does not know webkitdirectory; the attribute is what Chromium reads.
        {...{ webkitdirectory: '' }}
        onChange={(e) => onPicked(e.currentTarget)}
      />
      <Menu.Root>
        <Menu.Trigger
          className="btn btn-primary"
          aria-label={intl.formatMessage({ id: 'upload.menu.label', defaultMessage: 'Upload…' })}
        >
          <Icon name="upload" size={14} />{' '}
          <FormattedMessage id="upload.menu.button" defaultMessage="Upload…" />
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content className="menu" align="end" sideOffset={6} style={{ width: 250 }}>
            <Menu.Label className="menu-label truncate">
              <FormattedMessage
                id="upload.menu.to"
                defaultMessage="To {destination}"
                values={{ destination: <span translate="no">{destinationLabel(intl, target)}</span> }}
              />
            </Menu.Label>
            <Menu.Item className="menu-item" onSelect={() => void pick('files', target)}>
              <Icon name="file" /> <FormattedMessage id="upload.menu.files" defaultMessage="Files…" />
            </Menu.Item>
            <Menu.Item className="menu-item" onSelect={() => void pick('folder', target)}>
              <Icon name="folder" /> <FormattedMessage id="upload.menu.folder" defaultMessage="Folder…" />
            </Menu.Item>
            <Menu.Item className="menu-item" onSelect={() => openDialog('urls')}>
              <Icon name="globe" /> <FormattedMessage id="upload.menu.urls" defaultMessage="Add URLs…" />
            </Menu.Item>
            {host === 'web' ? (
              <Menu.Item className="menu-item" onSelect={() => openDialog('paths')}>
                <Icon name="terminal" />{' '}
                <FormattedMessage id="upload.menu.paths" defaultMessage="Add by path…" />
              </Menu.Item>
            ) : null}
            <Menu.Item className="menu-item" onSelect={() => setPanelOpen(true)}>
              <Icon name="settings" />{' '}
              <FormattedMessage id="upload.menu.queue" defaultMessage="Queue and settings…" />
            </Menu.Item>
            <Menu.Separator className="menu-separator" />
            <Menu.Label className="menu-label">
              <FormattedMessage id="upload.menu.mirror" defaultMessage="Upload to (mirror)" />
            </Menu.Label>
            {data.accounts.map((a) => (
              <Menu.CheckboxItem
                key={a.id}
                className="menu-item"
                checked={accountIds.includes(a.id)}
                onCheckedChange={(on) => toggle(a.id, on === true)}
                onSelect={(e) => e.preventDefault()}
              >
                <span style={{ width: 16 }}>
                  {accountIds.includes(a.id) ? <Icon name="check" size={14} /> : null}
                </span>
                <span className="truncate" translate="no">
                  {a.label}
                </span>
              </Menu.CheckboxItem>
            ))}
            {target.targets.length > 1 ? (
              <>
                <Menu.Separator className="menu-separator" />
                <Menu.Label className="menu-label">
                  <FormattedMessage id="upload.menu.folderEach" defaultMessage="Folder on each account" />
                </Menu.Label>
                {target.targets.map((t) => (
                  <Menu.Item key={t.accountId} className="menu-item" onSelect={() => pickFolder(t.accountId)}>
                    <Icon name="folder" />{' '}
                    <span className="truncate" translate="no">
                      {folderLabelOf(intl, target, t.accountId)}…
                    </span>
                  </Menu.Item>
                ))}
              </>
            ) : null}
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
    </>
  )
}
