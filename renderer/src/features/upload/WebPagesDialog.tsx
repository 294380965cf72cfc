import { FormattedMessage, useIntl } from 'react-intl'
import { Modal } from '../../components/Modal.tsx'
import { useWebPagesQuestion } from './web-pages-question.ts'

/**
 * Asked when URLs given to the host turn out to be web pages (a file's download page pasted instead of the file):
 * the host would store the page itself. Skip is the default, also on Escape or closing.
 */
export function WebPagesDialog() {
  const question = useWebPagesQuestion((s) => s.question)
  const intl = useIntl()
  if (!question) return null
  const { urls, answer } = question
  const count = urls.length
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) answer('skip')
      }}
      title={intl.formatMessage(
        {
          id: 'upload.webPages.title',
          defaultMessage:
            '{count, plural, one {This is a web page, not a file} other {# URLs are web pages, not files}}',
        },
        { count },
      )}
      description={intl.formatMessage(
        {
          id: 'upload.webPages.description',
          defaultMessage:
            '{count, plural, one {The host would store the page itself (a small .html file), not the file it links to.} other {The host would store each page itself (a small .html file), not the file they link to.}}',
        },
        { count },
      )}
      footer={
        <div className="form-actions">
          <button type="button" className="btn" onClick={() => answer('upload')}>
            <FormattedMessage id="upload.webPages.uploadAnyway" defaultMessage="Upload anyway" />
          </button>
          <button type="button" className="btn btn-primary" data-autofocus onClick={() => answer('skip')}>
            <FormattedMessage
              id="upload.webPages.skip"
              defaultMessage="{count, plural, one {Skip it} other {Skip them}}"
              values={{ count }}
            />
          </button>
        </div>
      }
    >
      <ul
        className="web-pages-list"
        aria-label={intl.formatMessage({ id: 'upload.webPages.label', defaultMessage: 'Web pages' })}
        translate="no"
      >
        {urls.map((url) => (
          <li key={url}>{url}</li>
        ))}
      </ul>
      <p>
        <FormattedMessage
          id="upload.webPages.explain"
          defaultMessage="The other URLs are sent either way. To send a file, copy the address of its download link instead."
        />
      </p>
    </Modal>
  )
}
