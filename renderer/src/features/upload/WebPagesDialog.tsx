import { Modal } from '../../components/Modal.tsx'
import { formatCount } from '../../lib/format.ts'
import { useWebPagesQuestion } from './web-pages-question.ts'

/**
 * Asked when URLs given to the host turn out to be web pages (a file's download page pasted instead of the file):
 * the host would store the page itself. Skip is the default, also on Escape or closing.
 */
export function WebPagesDialog() {
  const question = useWebPagesQuestion((s) => s.question)
  if (!question) return null
  const { urls, answer } = question
  const one = urls.length === 1
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) answer('skip')
      }}
      title={
        one ? 'This is a web page, not a file' : `${formatCount(urls.length, 'URL')} are web pages, not files`
      }
      description={`The host would store ${one ? 'the page' : 'each page'} itself (a small .html file), not the file ${one ? 'it links' : 'they link'} to.`}
      footer={
        <div className="form-actions">
          <button type="button" className="btn" onClick={() => answer('upload')}>
            Upload anyway
          </button>
          <button type="button" className="btn btn-primary" data-autofocus onClick={() => answer('skip')}>
            Skip {one ? 'it' : 'them'}
          </button>
        </div>
      }
    >
      <ul className="web-pages-list" aria-label="Web pages">
        {urls.map((url) => (
          <li key={url}>{url}</li>
        ))}
      </ul>
      <p>
        The other URLs are sent either way. To send a file, copy the address of its download link instead.
      </p>
    </Modal>
  )
}
