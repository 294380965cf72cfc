import { useMutation } from '@tanstack/react-query'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { thumbnailUrl } from '../../../../shared/ipc/content-security-policy.ts'
import { api } from '../../app/bridge.ts'
import { Icon } from '../../components/Icon.tsx'
import { Spinner } from '../../components/States.tsx'
import { call, errorMessage } from '../../lib/call.ts'
import { copyText } from '../../lib/clipboard.ts'
import { formatHostTime } from '../../lib/dates.ts'
import { formatNumber, formatSize } from '../../lib/format.ts'
import { toast } from '../../state/toast-store.ts'
import { Field } from './DetailsField.tsx'
import { folderPathLabel, publicLabel } from './details-labels.ts'
import { useFileDetails } from './file-details-data.ts'
import { THUMBNAIL_CROSS_ORIGIN } from './TileImage.tsx'

/**
 * One file: what the index knows shows at once; name, size, upload time and downloads are replaced by the host's
 * own record when it answers (a failure says so, with Retry, and the index's figures stay). The direct link costs
 * the host a call, so it is fetched only when asked for.
 */
export function FileDetails({ row: picked }: { row: IndexFileRow }) {
  const { row, info } = useFileDetails(picked)
  const host = info.data?.found ? info.data : null
  const name = host?.name ?? row.name
  const size = host?.size ?? row.size
  const thumbnail = thumbnailUrl(row.thumbnail)

  return (
    <>
      {thumbnail ? (
        // Without cookies or referrer, as the grid's tiles load it (TileImage.tsx says why).
        <img
          className="details-thumbnail"
          src={thumbnail}
          alt={`Preview of ${name}`}
          crossOrigin={THUMBNAIL_CROSS_ORIGIN}
          referrerPolicy="no-referrer"
        />
      ) : null}
      <HostCheck info={info} />
      <dl className="details-list">
        <Field label="Name" testId="name" value={name} />
        <Field label="Code" testId="code" value={<code>{row.fileCode}</code>} />
        <Field label="Size" testId="size" value={formatSize(size)} />
        <Field label="In bytes" testId="bytes" value={`${formatNumber(size)} bytes`} />
        <Field label="Uploaded" testId="uploaded" value={formatHostTime(host?.uploaded ?? row.uploaded)} />
        <Field label="Downloads" testId="downloads" value={formatNumber(host?.downloads ?? row.downloads)} />
        <Field label="Public" testId="public" value={publicLabel(row.public)} />
        <Field label="Folder" testId="folder" value={folderPathLabel(row.folderPath)} />
        <Field label="Page link" testId="page-link" value={<LinkValue url={row.link} what="page link" />} />
        <Field label="Direct link" testId="direct-link" value={<DirectLink row={row} />} />
      </dl>
    </>
  )
}

function HostCheck({ info }: { info: ReturnType<typeof useFileDetails>['info'] }) {
  if (info.isPending)
    return (
      <p className="details-note" data-testid="details-checking">
        <Spinner label="Checking with the host" /> Checking with the host…
      </p>
    )
  if (info.isError)
    return (
      <div className="details-note" role="alert">
        <span>Could not get the host’s figures: {info.error.message}. Showing what Filedock last saw.</span>
        <button type="button" className="btn" onClick={() => void info.refetch()}>
          Retry
        </button>
      </div>
    )
  if (info.data?.found === false || info.data === null)
    return (
      <p className="details-note" role="alert">
        The host no longer has this file. Refresh the folder to update the list.
      </p>
    )
  return null
}

function LinkValue({ url, what }: { url: string; what: string }) {
  const copy = async () => {
    try {
      await copyText(url)
      toast.success(`Copied ${what}`)
    } catch (error) {
      toast.error(`Could not copy: ${errorMessage(error)}`)
    }
  }
  return (
    <span className="details-link">
      <span className="details-url">{url}</span>
      <button type="button" className="icon-btn" aria-label={`Copy ${what}`} title="Copy" onClick={copy}>
        <Icon name="copy" size={14} />
      </button>
    </span>
  )
}

function DirectLink({ row }: { row: IndexFileRow }) {
  const fetchLink = useMutation({
    mutationFn: () => call(api.files.directLink({ accountId: row.accountId, fileCode: row.fileCode })),
  })
  if (fetchLink.data) return <LinkValue url={fetchLink.data.url} what="direct link" />
  return (
    <span className="details-link">
      <button type="button" className="btn" disabled={fetchLink.isPending} onClick={() => fetchLink.mutate()}>
        {fetchLink.isPending
          ? 'Getting the direct link…'
          : fetchLink.isError
            ? 'Try again'
            : 'Show direct link'}
      </button>
      {fetchLink.isError ? (
        <span className="form-error" role="alert">
          No direct link: {errorMessage(fetchLink.error)}
        </span>
      ) : null}
    </span>
  )
}
