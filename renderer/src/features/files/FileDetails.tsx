import { useMutation } from '@tanstack/react-query'
import { FormattedMessage, useIntl } from 'react-intl'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { loadableFileUrl } from '../../../../shared/ipc/content-security-policy.ts'
import { api } from '../../app/bridge.ts'
import { Icon } from '../../components/Icon.tsx'
import { Spinner } from '../../components/States.tsx'
import { call, errorMessage } from '../../lib/call.ts'
import { copyText } from '../../lib/clipboard.ts'
import { formatNumber, formatSize } from '../../lib/format.ts'
import { toast } from '../../state/toast-store.ts'
import { placeName } from '../folders/folder-words.ts'
import { usePreview } from '../preview/preview-store.ts'
import { Bytes, Field } from './DetailsField.tsx'
import { publicLabel } from './details-labels.ts'
import { useFileDetails } from './file-details-data.ts'
import { HostTime } from './HostTime.tsx'
import { THUMBNAIL_CROSS_ORIGIN } from './TileImage.tsx'

/**
 * One file: what the index knows shows at once; name, size, upload time and downloads are replaced by the host's
 * own record when it answers (a failure says so, with Retry, and the index's figures stay). The direct link costs
 * the host a call, so it is fetched only when asked for.
 */
export function FileDetails({ row: picked }: { row: IndexFileRow }) {
  const intl = useIntl()
  const { row, info } = useFileDetails(picked)
  const host = info.data?.found ? info.data : null
  const name = host?.name ?? row.name
  const size = host?.size ?? row.size
  const thumbnail = loadableFileUrl(row.thumbnail)

  return (
    <>
      {thumbnail ? (
        // Without cookies or referrer, as the grid's tiles load it (TileImage.tsx says why).
        <img
          className="details-thumbnail"
          src={thumbnail}
          alt={intl.formatMessage(
            { id: 'files.details.thumbnailAlt', defaultMessage: 'Preview of {name}' },
            { name },
          )}
          crossOrigin={THUMBNAIL_CROSS_ORIGIN}
          referrerPolicy="no-referrer"
        />
      ) : null}
      <button
        type="button"
        className="btn details-preview"
        title={intl.formatMessage({
          id: 'files.details.quickLookTitle',
          defaultMessage: 'Quick Look (Space)',
        })}
        onClick={() => usePreview.getState().show()}
      >
        <Icon name="search" size={14} />{' '}
        <FormattedMessage id="files.details.preview" defaultMessage="Preview" />
      </button>
      <HostCheck info={info} />
      <dl className="details-list">
        <Field
          label={intl.formatMessage({ id: 'files.details.name', defaultMessage: 'Name' })}
          testId="name"
          value={<span translate="no">{name}</span>}
        />
        <Field
          label={intl.formatMessage({ id: 'files.details.code', defaultMessage: 'Code' })}
          testId="code"
          value={<code translate="no">{row.fileCode}</code>}
        />
        <Field
          label={intl.formatMessage({ id: 'files.details.size', defaultMessage: 'Size' })}
          testId="size"
          value={formatSize(size)}
        />
        <Field
          label={intl.formatMessage({ id: 'files.details.inBytes', defaultMessage: 'In bytes' })}
          testId="bytes"
          value={<Bytes n={size} />}
        />
        <Field
          label={intl.formatMessage({ id: 'files.details.uploaded', defaultMessage: 'Uploaded' })}
          testId="uploaded"
          value={<HostTime value={host?.uploaded ?? row.uploaded} />}
        />
        <Field
          label={intl.formatMessage({ id: 'files.details.downloads', defaultMessage: 'Downloads' })}
          testId="downloads"
          value={formatNumber(host?.downloads ?? row.downloads)}
        />
        <Field
          label={intl.formatMessage({ id: 'files.details.public', defaultMessage: 'Public' })}
          testId="public"
          value={publicLabel(row.public, intl)}
        />
        <Field
          label={intl.formatMessage({ id: 'files.details.folder', defaultMessage: 'Folder' })}
          testId="folder"
          value={<span translate="no">{placeName(row.folderPath, intl)}</span>}
        />
        <Field
          label={intl.formatMessage({ id: 'files.details.pageLink', defaultMessage: 'Page link' })}
          testId="page-link"
          value={<LinkValue url={row.link} kind="page" />}
        />
        <Field
          label={intl.formatMessage({ id: 'files.details.directLink', defaultMessage: 'Direct link' })}
          testId="direct-link"
          value={<DirectLink row={row} />}
        />
      </dl>
    </>
  )
}

function HostCheck({ info }: { info: ReturnType<typeof useFileDetails>['info'] }) {
  const intl = useIntl()
  if (info.isPending)
    return (
      <p className="details-note" data-testid="details-checking">
        <Spinner
          label={intl.formatMessage({
            id: 'files.details.checkingLabel',
            defaultMessage: 'Checking with the host',
          })}
        />{' '}
        <FormattedMessage id="files.details.checking" defaultMessage="Checking with the host…" />
      </p>
    )
  if (info.isError)
    return (
      <div className="details-note" role="alert">
        <span>
          <FormattedMessage
            id="files.details.hostFailed"
            defaultMessage="Could not get the host’s figures: {error}. Showing what Filedock last saw."
            values={{ error: errorMessage(info.error) }}
          />
        </span>
        <button type="button" className="btn" onClick={() => void info.refetch()}>
          <FormattedMessage id="files.details.retry" defaultMessage="Retry" />
        </button>
      </div>
    )
  if (info.data?.found === false || info.data === null)
    return (
      <p className="details-note" role="alert">
        <FormattedMessage
          id="files.details.goneFromHost"
          defaultMessage="The host no longer has this file. Refresh the folder to update the list."
        />
      </p>
    )
  return null
}

function LinkValue({ url, kind }: { url: string; kind: 'page' | 'direct' }) {
  const intl = useIntl()
  const copy = async () => {
    try {
      await copyText(url)
      toast.success((intl) =>
        intl.formatMessage(
          {
            id: 'files.details.copiedLink',
            defaultMessage: '{kind, select, page {Copied page link} other {Copied direct link}}',
          },
          { kind },
        ),
      )
    } catch (error) {
      toast.error((intl) =>
        intl.formatMessage(
          { id: 'files.copy.failed', defaultMessage: 'Could not copy: {error}' },
          { error: errorMessage(error) },
        ),
      )
    }
  }
  return (
    <span className="details-link">
      <span className="details-url" translate="no">
        {url}
      </span>
      <button
        type="button"
        className="icon-btn"
        aria-label={intl.formatMessage(
          {
            id: 'files.details.copyLink',
            defaultMessage: '{kind, select, page {Copy page link} other {Copy direct link}}',
          },
          { kind },
        )}
        title={intl.formatMessage({ id: 'files.details.copy', defaultMessage: 'Copy' })}
        onClick={copy}
      >
        <Icon name="copy" size={14} />
      </button>
    </span>
  )
}

function DirectLink({ row }: { row: IndexFileRow }) {
  const intl = useIntl()
  const fetchLink = useMutation({
    mutationFn: () => call(api.files.directLink({ accountId: row.accountId, fileCode: row.fileCode })),
  })
  if (fetchLink.data) return <LinkValue url={fetchLink.data.url} kind="direct" />
  return (
    <span className="details-link">
      <button type="button" className="btn" disabled={fetchLink.isPending} onClick={() => fetchLink.mutate()}>
        {fetchLink.isPending
          ? intl.formatMessage({
              id: 'files.details.gettingDirectLink',
              defaultMessage: 'Getting the direct link…',
            })
          : fetchLink.isError
            ? intl.formatMessage({ id: 'files.details.tryAgain', defaultMessage: 'Try again' })
            : intl.formatMessage({ id: 'files.details.showDirectLink', defaultMessage: 'Show direct link' })}
      </button>
      {fetchLink.isError ? (
        <span className="form-error" role="alert">
          <FormattedMessage
            id="files.details.noDirectLink"
            defaultMessage="No direct link: {error}"
            values={{ error: errorMessage(fetchLink.error) }}
          />
        </span>
      ) : null}
    </span>
  )
}
