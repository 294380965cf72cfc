import './local-folders.css'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { defineMessages, FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl'
import type { FolderPurpose } from '../../../../shared/ipc/local-folders-contract.ts'
import { api } from '../../app/bridge.ts'
import { Icon } from '../../components/Icon.tsx'
import { Modal } from '../../components/Modal.tsx'
import { call, errorMessage } from '../../lib/call.ts'
import { NameField } from '../folders/NameField.tsx'
import { LocalFolderList } from './LocalFolderList.tsx'
import { type LocalFolderRequest, useLocalFolderRequest } from './local-folder-request.ts'
import { checkLocalName, joinPath } from './local-paths.ts'

const TITLES: Record<FolderPurpose, { title: MessageDescriptor; description: MessageDescriptor }> = {
  watch: defineMessages({
    title: { id: 'localFolders.watch.title', defaultMessage: 'Folder to watch' },
    description: {
      id: 'localFolders.watch.description',
      defaultMessage: 'Files that land in this folder are uploaded by themselves.',
    },
  }),
  'watch-done': defineMessages({
    title: { id: 'localFolders.watchDone.title', defaultMessage: 'Move sent files to' },
    description: {
      id: 'localFolders.watchDone.description',
      defaultMessage: 'Sent files are moved into this folder.',
    },
  }),
  downloads: defineMessages({
    title: { id: 'localFolders.downloads.title', defaultMessage: 'Download to' },
    description: {
      id: 'localFolders.downloads.description',
      defaultMessage: 'Downloaded files are saved in this folder.',
    },
  }),
}

/** The page's own folder picker (the browser host), shown while something asks for a folder. */
export function LocalFolderPicker() {
  const request = useLocalFolderRequest((s) => s.request)
  if (!request) return null
  return <Picker key={`${request.purpose} ${request.startAt}`} request={request} />
}

/**
 * The folders of the machine the host runs on, one folder at a time as a file manager's folder chooser shows
 * them: places on the side (Home, Downloads…), the folder's subfolders (click picks, double-click or Enter
 * opens, Backspace goes up), New folder, and Choose for the picked subfolder or, with none picked, the folder
 * shown. Only folder names cross from main (core/app/local-folders.ts).
 */
function Picker({ request }: { request: LocalFolderRequest }) {
  const qc = useQueryClient()
  const intl = useIntl()
  const [at, setAt] = useState<string | null>(request.startAt)
  const [picked, setPicked] = useState<string | null>(null)
  const [naming, setNaming] = useState(false)
  const [creating, setCreating] = useState<{ busy: boolean; failure: string | null }>({
    busy: false,
    failure: null,
  })
  const listing = useQuery({
    queryKey: ['local-folders', request.purpose, at],
    queryFn: () => call(api.local.listFolders({ purpose: request.purpose, path: at })),
    retry: false,
  })
  const shown = listing.data
  const open = (path: string) => {
    setAt(path)
    setPicked(null)
    setNaming(false)
  }
  const target = shown ? (picked ? joinPath(shown.path, picked) : shown.path) : null
  const choose = async () => {
    if (!target) return
    await call(api.local.rememberFolder({ purpose: request.purpose, path: target })).catch(() => undefined)
    request.answer(target)
  }
  const create = async (name: string) => {
    if (!shown) return
    setCreating({ busy: true, failure: null })
    try {
      await call(api.local.createFolder({ parent: shown.path, name }))
      await qc.invalidateQueries({ queryKey: ['local-folders', request.purpose, at] })
      setNaming(false)
      setPicked(name)
      setCreating({ busy: false, failure: null })
    } catch (error) {
      setCreating({
        busy: false,
        failure: intl.formatMessage(
          { id: 'localFolders.create.failed', defaultMessage: 'Not created: {error}' },
          { error: errorMessage(error) },
        ),
      })
    }
  }
  const { title, description } = TITLES[request.purpose]
  const name = target ? (picked ?? lastName(target)) : ''

  return (
    <Modal
      open
      wide
      onOpenChange={(o) => !o && request.answer(null)}
      title={intl.formatMessage(title)}
      description={intl.formatMessage(description)}
      footer={
        <>
          <button type="button" className="btn" onClick={() => request.answer(null)}>
            <FormattedMessage id="localFolders.picker.cancel" defaultMessage="Cancel" />
          </button>
          <button type="button" className="btn btn-primary" disabled={!target} onClick={() => void choose()}>
            {/* A plain string: an element inside would split the button's accessible name ("Choose “ dl ”"). */}
            {intl.formatMessage(
              { id: 'localFolders.picker.choose', defaultMessage: 'Choose “{name}”' },
              { name },
            )}
          </button>
        </>
      }
    >
      <div className="local-picker">
        <nav
          className="local-places"
          aria-label={intl.formatMessage({ id: 'localFolders.picker.places', defaultMessage: 'Places' })}
        >
          {shown?.places.map((p) => (
            <button key={p.path} type="button" className="nav-item" onClick={() => open(p.path)}>
              <Icon name={p.kind === 'home' ? 'home' : 'folder'} />{' '}
              {p.kind === 'home' ? (
                <FormattedMessage id="localFolders.picker.home" defaultMessage="Home" />
              ) : p.kind === 'root' ? (
                <FormattedMessage id="localFolders.picker.computer" defaultMessage="Computer" />
              ) : (
                <span translate="no">{p.label}</span>
              )}
            </button>
          ))}
        </nav>
        <div className="local-main">
          <div className="local-path">
            <button
              type="button"
              className="icon-btn"
              aria-label={intl.formatMessage({
                id: 'localFolders.picker.up',
                defaultMessage: 'Up one folder',
              })}
              disabled={!shown?.parent}
              onClick={() => shown?.parent && open(shown.parent)}
            >
              <Icon name="chevronRight" className="icon-up" />
            </button>
            <span className="mono truncate" data-testid="local-path" title={shown?.path} translate="no">
              {shown?.path ?? ''}
            </span>
            <button type="button" className="btn" disabled={!shown} onClick={() => setNaming(true)}>
              <Icon name="plus" size={14} />{' '}
              <FormattedMessage id="localFolders.picker.newFolder" defaultMessage="New folder" />
            </button>
          </div>
          {naming && shown ? (
            <div className="local-new">
              <Icon name="folder" className="icon-folder" />
              <NameField
                label={intl.formatMessage({
                  id: 'localFolders.picker.newName',
                  defaultMessage: 'New folder name',
                })}
                initial=""
                busy={creating.busy}
                failure={creating.failure}
                check={(typed) => checkLocalName(intl, typed, shown.folders)}
                onCommit={(n) => void create(n)}
                onCancel={() => setNaming(false)}
              />
            </div>
          ) : null}
          <LocalFolderList
            listing={listing}
            picked={picked}
            onPick={setPicked}
            onOpen={(n) => shown && open(joinPath(shown.path, n))}
            onUp={() => shown?.parent && open(shown.parent)}
          />
        </div>
      </div>
    </Modal>
  )
}

function lastName(path: string): string {
  const parts = path.split(/[\\/]/).filter((p) => p !== '')
  return parts.at(-1) ?? path
}
