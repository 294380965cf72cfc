import { useUploads } from '../../state/upload-store.ts'
import { AlreadyThereDialog } from './AlreadyThereDialog.tsx'
import { enqueuePaths, enqueueUrls } from './enqueue.ts'
import { LinesDialog } from './LinesDialog.tsx'
import { MirrorFolderDialog } from './MirrorFolderDialog.tsx'
import { useDestination } from './use-destination.ts'
import { WebPagesDialog } from './WebPagesDialog.tsx'

function urlProblem(line: string): string | null {
  if (!URL.canParse(line)) return 'not a URL'
  const url = new URL(line)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http:// and https:// can be fetched'
  if (url.username || url.password) return 'a URL with a user name or password is not sent'
  return null
}

/** POSIX or Windows: the host may run on either, and only it can say whether the path exists. */
function pathProblem(line: string): string | null {
  return line.startsWith('/') || /^[A-Za-z]:[\\/]/.test(line) || line.startsWith('\\\\')
    ? null
    : 'give the full path (starting with / or a drive letter)'
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
  if (!dialog || !target) return null
  const close = () => openDialog(null)

  if (dialog === 'urls') {
    return (
      <LinesDialog
        title="Add URLs"
        description={`The host fetches each file itself and stores it in ${target.label}.`}
        label="URLs, one per line"
        placeholder="https://example.com/video.mp4"
        submitLabel="Upload"
        check={urlProblem}
        onSubmit={(urls) => enqueueUrls(urls, target)}
        onClose={close}
      />
    )
  }
  return (
    <LinesDialog
      title="Add by path"
      description={`Files and folders on the machine running Filedock, uploaded to ${target.label}.`}
      label="Paths, one per line"
      placeholder="/home/me/Videos/holiday"
      submitLabel="Upload"
      check={pathProblem}
      onSubmit={(paths) => enqueuePaths(paths, target).then(() => true)}
      onClose={close}
    />
  )
}
