import { Modal } from '../../components/Modal.tsx'
import { useUploads } from '../../state/upload-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { alreadyThereWords } from './already-there-words.ts'

/**
 * Asked once per drop when some of its files are already in the folders they would go to (same name and size):
 * skip them (the default, also on Escape or closing) and list their existing links, or upload them again. It
 * names the folders they are in (already-there-words.ts), listed under "Which folders" when there are several.
 */
export function AlreadyThereDialog() {
  const question = useUploads((s) => s.alreadyThere)
  const { data } = useAccounts()
  if (!question) return null
  const { count, answer } = question
  const all = count.alreadyThere === count.files
  const words = alreadyThereWords(count, (id) => data?.accounts.find((a) => a.id === id)?.label ?? id)
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) answer('skip')
      }}
      title="Some files are already there"
      description={`${words.sentence}, with the same name and size.`}
      footer={
        <div className="form-actions">
          <button type="button" className="btn" onClick={() => answer('upload')}>
            Upload again
          </button>
          <button type="button" className="btn btn-primary" data-autofocus onClick={() => answer('skip')}>
            Skip them
          </button>
        </div>
      }
    >
      {words.folders.length > 0 ? (
        <details className="already-there-folders">
          <summary>Which folders</summary>
          <ul aria-label="Folders the files are already in">
            {words.folders.map((f) => (
              <li key={f} className="mono truncate" title={f}>
                {f}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <p>
        Skipped files are not sent again: their existing links go into the list of links
        {all ? '' : ' with the rest'}. Uploading again stores a second copy of each.
      </p>
    </Modal>
  )
}
