import { useState } from 'react'
import { DEFAULT_MIN_AGE_MS } from '../../../../shared/watch.ts'
import { api } from '../../app/bridge.ts'
import { Icon } from '../../components/Icon.tsx'
import { call, errorMessage } from '../../lib/call.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { useHostKind } from '../upload/use-upload-settings.ts'
import { useWatchActions } from './use-watch.ts'

/**
 * A new watch rule: the local folder (typed, or chosen in the native dialog under Electron), the account, the
 * target folder's id, how long a file must stay unchanged, and an optional Done folder.
 */
export function AddWatchForm() {
  const accounts = useAccounts()
  const host = useHostKind()
  const { add } = useWatchActions()
  const [dir, setDir] = useState('')
  const [accountId, setAccountId] = useState('')
  const [fldId, setFldId] = useState('0')
  const [minAge, setMinAge] = useState(String(DEFAULT_MIN_AGE_MS / 1000))
  const [doneDir, setDoneDir] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const chosenAccount = accountId || accounts.data?.activeId || ''

  const pick = async (set: (path: string) => void) => {
    try {
      const [path] = await call(api.dialog.pickPaths({ kind: 'folder' }))
      if (path) set(path)
    } catch (error) {
      setProblem(errorMessage(error))
    }
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    setProblem(null)
    const seconds = Number(minAge)
    const folder = Number(fldId)
    if (!Number.isFinite(seconds) || seconds < 0) return setProblem('Wait time must be 0 seconds or more.')
    if (!Number.isInteger(folder) || folder < 0)
      return setProblem('Folder id must be a whole number, 0 for My files.')
    try {
      await add.mutateAsync({
        dir: dir.trim(),
        accountId: chosenAccount,
        fldId: folder,
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
    <form className="watch-form" aria-label="Add a watch folder" onSubmit={(e) => void submit(e)}>
      <label className="field">
        <span>Folder to watch</span>
        <span className="watch-path">
          <input
            className="input mono"
            value={dir}
            onChange={(e) => setDir(e.target.value)}
            placeholder="/home/me/Outbox"
            required
          />
          {host === 'electron' ? (
            <button type="button" className="btn" onClick={() => void pick(setDir)}>
              Choose…
            </button>
          ) : null}
        </span>
      </label>
      <label className="field">
        <span>Account</span>
        <select className="input" value={chosenAccount} onChange={(e) => setAccountId(e.target.value)}>
          {accounts.data?.accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.label}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>Into folder id</span>
        <input
          className="input num"
          inputMode="numeric"
          value={fldId}
          onChange={(e) => setFldId(e.target.value)}
        />
      </label>
      <label className="field">
        <span>Unchanged for (seconds)</span>
        <input
          className="input num"
          inputMode="decimal"
          value={minAge}
          onChange={(e) => setMinAge(e.target.value)}
        />
      </label>
      <label className="field">
        <span>Move sent files to (optional)</span>
        <input
          className="input mono"
          value={doneDir}
          onChange={(e) => setDoneDir(e.target.value)}
          placeholder="/home/me/Outbox/sent"
        />
      </label>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={add.isPending || chosenAccount === ''}>
        <Icon name="plus" size={14} /> Watch this folder
      </button>
    </form>
  )
}
