import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { DEFAULT_MIN_AGE_MS } from '../../../../shared/ipc/limits.ts'
import type { FolderPurpose } from '../../../../shared/ipc/local-folders-contract.ts'
import { Icon } from '../../components/Icon.tsx'
import { errorMessage } from '../../lib/call.ts'
import { type Crumb, ROOT } from '../../state/ui-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { RemoteFolderDialog } from '../folders/RemoteFolderDialog.tsx'
import { chooseLocalFolder } from '../local-folders/choose-local-folder.ts'
import { PathField } from './PathField.tsx'
import { useWatchActions } from './use-watch.ts'
import { folderLabel } from './watch-target.ts'

/**
 * A new watch rule: the local folder (typed, or Browse… in THE folder picker: the OS's under Electron, the
 * machine's folders in the browser host), the account and its folder (picked in the same tree as the Move
 * dialog, shown by its path, its id kept out of sight), how long a file must stay unchanged, and an optional
 * Done folder (typed or browsed the same way).
 */
export function AddWatchForm() {
  const accounts = useAccounts()
  const { add } = useWatchActions()
  const [dir, setDir] = useState('')
  const [accountId, setAccountId] = useState('')
  const [target, setTarget] = useState<Crumb[]>([ROOT])
  const [picking, setPicking] = useState(false)
  const [minAge, setMinAge] = useState(String(DEFAULT_MIN_AGE_MS / 1000))
  const [doneDir, setDoneDir] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const intl = useIntl()
  const chosenAccount = accountId || accounts.data?.activeId || ''
  const accountLabel = accounts.data?.accounts.find((a) => a.id === chosenAccount)?.label ?? ''

  const browse = async (purpose: FolderPurpose, typed: string, set: (path: string) => void) => {
    try {
      const start = typed.trim()
      const path = await chooseLocalFolder(
        purpose,
        start.startsWith('/') || /^[A-Za-z]:[\\/]/.test(start) ? start : null,
      )
      if (path !== null) set(path)
    } catch (error) {
      setProblem(errorMessage(error))
    }
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setProblem(null)
    const seconds = Number(minAge)
    if (!Number.isFinite(seconds) || seconds < 0)
      return setProblem(
        intl.formatMessage({
          id: 'watch.form.minAgeInvalid',
          defaultMessage: 'Wait time must be 0 seconds or more.',
        }),
      )
    try {
      await add.mutateAsync({
        dir: dir.trim(),
        accountId: chosenAccount,
        fldId: (target.at(-1) ?? ROOT).id,
        folderPath: target
          .slice(1)
          .map((c) => c.name)
          .join('/'),
        minAgeMs: Math.round(seconds * 1000),
        doneDir: doneDir.trim() === '' ? null : doneDir.trim(),
      })
      setDir('')
      setDoneDir('')
    } catch (error) {
      setProblem(errorMessage(error))
    }
  }

  return (
    <form
      className="watch-form"
      aria-label={intl.formatMessage({ id: 'watch.form.label', defaultMessage: 'Add a watch folder' })}
      onSubmit={(e) => void submit(e)}
    >
      <PathField
        label={intl.formatMessage({ id: 'watch.form.dir', defaultMessage: 'Folder to watch' })}
        value={dir}
        onChange={setDir}
        placeholder={intl.formatMessage({
          id: 'watch.form.dirPlaceholder',
          defaultMessage: '/home/me/Outbox',
        })}
        browseLabel={intl.formatMessage({
          id: 'watch.form.dirBrowse',
          defaultMessage: 'Browse for the folder to watch',
        })}
        onBrowse={() => void browse('watch', dir, setDir)}
        required
      />
      <label className="field">
        <span>
          <FormattedMessage id="watch.form.account" defaultMessage="Account" />
        </span>
        <select
          className="input"
          value={chosenAccount}
          onChange={(e) => {
            setAccountId(e.target.value)
            // Folders belong to one account: another account starts at its root.
            setTarget([ROOT])
          }}
        >
          {accounts.data?.accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </select>
      </label>
      <div className="field">
        <span id="watch-target-label">
          <FormattedMessage id="watch.form.target" defaultMessage="Into folder" />
        </span>
        <span className="watch-path">
          <output
            className="input watch-target"
            aria-labelledby="watch-target-label"
            title={folderLabel(target, intl)}
          >
            <Icon name="folder" size={14} />{' '}
            <span className="truncate" translate="no">
              {folderLabel(target, intl)}
            </span>
          </output>
          <button
            type="button"
            className="btn"
            aria-label={intl.formatMessage({
              id: 'watch.form.chooseTarget',
              defaultMessage: 'Choose the folder to upload into',
            })}
            disabled={chosenAccount === ''}
            onClick={() => setPicking(true)}
          >
            <FormattedMessage id="watch.form.choose" defaultMessage="Choose…" />
          </button>
        </span>
      </div>
      <label className="field">
        <span>
          <FormattedMessage id="watch.form.minAge" defaultMessage="Unchanged for (seconds)" />
        </span>
        <input
          className="input num"
          inputMode="decimal"
          value={minAge}
          onChange={(e) => setMinAge(e.target.value)}
        />
      </label>
      <PathField
        label={intl.formatMessage({
          id: 'watch.form.doneDir',
          defaultMessage: 'Move sent files to (optional)',
        })}
        value={doneDir}
        onChange={setDoneDir}
        placeholder={intl.formatMessage({
          id: 'watch.form.doneDirPlaceholder',
          defaultMessage: '/home/me/Outbox/sent',
        })}
        browseLabel={intl.formatMessage({
          id: 'watch.form.doneDirBrowse',
          defaultMessage: 'Browse for the folder sent files move to',
        })}
        onBrowse={() => void browse('watch-done', doneDir || dir, setDoneDir)}
      />
      {problem ? (
        <p className="form-error" role="alert" translate="no">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={add.isPending || chosenAccount === ''}>
        <Icon name="plus" size={14} />{' '}
        <FormattedMessage id="watch.form.submit" defaultMessage="Watch this folder" />
      </button>
      {picking ? (
        <RemoteFolderDialog
          accountId={chosenAccount}
          accountLabel={accountLabel}
          title={intl.formatMessage(
            { id: 'watch.form.pickTitle', defaultMessage: 'Upload into a folder of {account}' },
            { account: accountLabel },
          )}
          description={intl.formatMessage({
            id: 'watch.form.pickDescription',
            defaultMessage:
              'New files of the watched folder go up into this folder, with its subfolders mirrored.',
          })}
          initial={target}
          confirmLabel={(f) =>
            intl.formatMessage(
              { id: 'watch.form.pickConfirm', defaultMessage: 'Upload into “{name}”' },
              { name: f.name },
            )
          }
          onChoose={setTarget}
          onClose={() => setPicking(false)}
        />
      ) : null}
    </form>
  )
}
