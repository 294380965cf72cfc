import { FormattedMessage } from 'react-intl'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { api } from '../../app/bridge.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { copyText } from '../../lib/clipboard.ts'
import { toast } from '../../state/toast-store.ts'
import { FileIcon } from '../files/FileIcon.tsx'

/**
 * What Quick Look says about a file it does not show (an unknown kind, too large, a format the browser cannot
 * decode), with the way to get the file instead. Filedock has no Download action in the window yet, so that way
 * is the direct link, copied for a browser or a download manager; its link is asked for only on the click.
 */
export function NoPreview({ file, reason }: { file: IndexFileRow; reason: React.ReactNode }) {
  const copy = async () => {
    try {
      const { url } = await call(api.files.directLink({ accountId: file.accountId, fileCode: file.fileCode }))
      await copyText(url)
      toast.success((intl) =>
        intl.formatMessage({ id: 'preview.none.copied', defaultMessage: 'Copied direct link' }),
      )
    } catch (error) {
      toast.error((intl) =>
        intl.formatMessage(
          { id: 'preview.none.copyFailed', defaultMessage: 'Could not copy the direct link: {message}' },
          { message: errorMessage(error) },
        ),
      )
    }
  }
  return (
    <div className="ql-none" data-testid="ql-none">
      <FileIcon name={file.name} />
      <p>{reason}</p>
      <button type="button" className="btn" onClick={() => void copy()}>
        <FormattedMessage id="preview.none.copyLink" defaultMessage="Copy direct link" />
      </button>
    </div>
  )
}
