import { defineMessages, type IntlShape, useIntl } from 'react-intl'
import { descriptors } from '../../i18n/descriptors.ts'
import { useUploads } from '../../state/upload-store.ts'
import { AlreadyThereDialog } from './AlreadyThereDialog.tsx'
import { destinationLabel } from './destination.ts'
import { enqueuePaths, enqueueUrls } from './enqueue.ts'
import { LinesDialog } from './LinesDialog.tsx'
import { MirrorFolderDialog } from './MirrorFolderDialog.tsx'
import { useDestination } from './use-destination.ts'
import { WebPagesDialog } from './WebPagesDialog.tsx'

const m = descriptors(
  defineMessages({
    notUrl: { id: 'upload.lines.notUrl', defaultMessage: 'not a URL' },
    notHttp: { id: 'upload.lines.notHttp', defaultMessage: 'only http:// and https:// can be fetched' },
    credentials: {
      id: 'upload.lines.credentials',
      defaultMessage: 'a URL with a user name or password is not sent',
    },
    notFullPath: {
      id: 'upload.lines.notFullPath',
      defaultMessage: 'give the full path (starting with / or a drive letter)',
    },
  }),
)

function urlProblem(intl: IntlShape, line: string): string | null {
  if (!URL.canParse(line)) return intl.formatMessage(m.notUrl)
  const url = new URL(line)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return intl.formatMessage(m.notHttp)
  if (url.username || url.password) return intl.formatMessage(m.credentials)
  return null
}

/** POSIX or Windows: the host may run on either, and only it can say whether the path exists. */
function pathProblem(intl: IntlShape, line: string): string | null {
  return line.startsWith('/') || /^[A-Za-z]:[\\/]/.test(line) || line.startsWith('\\\\')
    ? null
    : intl.formatMessage(m.notFullPath)
}

/** The upload dialogs: the question about files already there, and the two opened from the upload menu. */
export function UploadDialogs() {
  return (
    <>
      <AlreadyThereDialog />
      <WebPagesDialog />
      <MirrorFolderDialog />
      <LinesDialogs />
    </>
  )
}

/** "Add URLs…" and "Add by path…", opened from the upload menu. */
function LinesDialogs() {
  const dialog = useUploads((s) => s.dialog)
  const openDialog = useUploads((s) => s.openDialog)
  const target = useDestination()
  const intl = useIntl()
  if (!dialog || !target) return null
  const close = () => openDialog(null)

  if (dialog === 'urls') {
    return (
      <LinesDialog
        title={intl.formatMessage({ id: 'upload.urls.title', defaultMessage: 'Add URLs' })}
        description={intl.formatMessage(
          {
            id: 'upload.urls.description',
            defaultMessage: 'The host fetches each file itself and stores it in {destination}.',
          },
          { destination: destinationLabel(intl, target) },
        )}
        label={intl.formatMessage({ id: 'upload.urls.label', defaultMessage: 'URLs, one per line' })}
        placeholder="https://example.com/video.mp4"
        submitLabel={intl.formatMessage({ id: 'upload.urls.submit', defaultMessage: 'Upload' })}
        check={(line) => urlProblem(intl, line)}
        onSubmit={(urls) => enqueueUrls(urls, target)}
        onClose={close}
      />
    )
  }
  return (
    <LinesDialog
      title={intl.formatMessage({ id: 'upload.paths.title', defaultMessage: 'Add by path' })}
      description={intl.formatMessage(
        {
          id: 'upload.paths.description',
          defaultMessage: 'Files and folders on the machine running Filedock, uploaded to {destination}.',
        },
        { destination: destinationLabel(intl, target) },
      )}
      label={intl.formatMessage({ id: 'upload.paths.label', defaultMessage: 'Paths, one per line' })}
      placeholder={intl.formatMessage({
        id: 'upload.paths.placeholder',
        defaultMessage: '/home/me/Videos/holiday',
      })}
      submitLabel={intl.formatMessage({ id: 'upload.paths.submit', defaultMessage: 'Upload' })}
      check={(line) => pathProblem(intl, line)}
      onSubmit={(paths) => enqueuePaths(paths, target).then(() => true)}
      onClose={close}
    />
  )
}
