import { Modal } from '../../components/Modal.tsx'
import { formatCount } from '../../lib/format.ts'
import { useUploads } from '../../state/upload-store.ts'

/**
 * Asked once per drop when some of its files are already in the folders they would go to (same name and size):
 * skip them (the default, also on Escape or closing) and list their existing links, or upload them again.
 */
export function AlreadyThereDialog() {
  const question = useUploads((s) => s.alreadyThere)
  if (!question) return null
  const { count, targetLabel, answer } = question
  const all = count.alreadyThere === count.files
  const what = all
    ? `All ${formatCount(count.files, 'file')} of this drop are`
    : `${count.alreadyThere.toLocaleString('en-US')} of the ${formatCount(count.files, 'file')} of this drop are`
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) answer('skip')
      }}
      title="Some files are already there"
      description={`${what} already in ${targetLabel}, with the same name and size.`}
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
      <p>
        Skipped files are not sent again: their existing links go into the list of links
        {all ? '' : ' with the rest'}. Uploading again stores a second copy of each.
      </p>
    </Modal>
  )
}
