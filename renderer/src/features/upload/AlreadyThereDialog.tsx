import { FormattedMessage, useIntl } from 'react-intl'
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
  const intl = useIntl()
  if (!question) return null
  const { count, answer } = question
  const all = count.alreadyThere === count.files
  const words = alreadyThereWords(intl, count, (id) => data?.accounts.find((a) => a.id === id)?.label ?? id)
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) answer('skip')
      }}
      title={intl.formatMessage({
        id: 'upload.alreadyThere.title',
        defaultMessage: 'Some files are already there',
      })}
      description={intl.formatMessage(
        { id: 'upload.alreadyThere.description', defaultMessage: '{sentence}, with the same name and size.' },
        { sentence: words.sentence },
      )}
      footer={
        <div className="form-actions">
          <button type="button" className="btn" onClick={() => answer('upload')}>
            <FormattedMessage id="upload.alreadyThere.uploadAgain" defaultMessage="Upload again" />
          </button>
          <button type="button" className="btn btn-primary" data-autofocus onClick={() => answer('skip')}>
            <FormattedMessage id="upload.alreadyThere.skip" defaultMessage="Skip them" />
          </button>
        </div>
      }
    >
      {words.folders.length > 0 ? (
        <details className="already-there-folders">
          <summary>
            <FormattedMessage id="upload.alreadyThere.whichFolders" defaultMessage="Which folders" />
          </summary>
          <ul
            aria-label={intl.formatMessage({
              id: 'upload.alreadyThere.foldersLabel',
              defaultMessage: 'Folders the files are already in',
            })}
          >
            {words.folders.map((f) => (
              <li key={f} className="mono truncate" title={f} translate="no">
                {f}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <p>
        <FormattedMessage
          id="upload.alreadyThere.explain"
          defaultMessage="{all, select, yes {Skipped files are not sent again: their existing links go into the list of links. Uploading again stores a second copy of each.} other {Skipped files are not sent again: their existing links go into the list of links with the rest. Uploading again stores a second copy of each.}}"
          values={{ all: all ? 'yes' : 'no' }}
        />
      </p>
    </Modal>
  )
}
