import { useState } from 'react'
import { type IntlShape, useIntl } from 'react-intl'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { loadableFileUrl } from '../../../../shared/ipc/content-security-policy.ts'
import { Spinner } from '../../components/States.tsx'
import { THUMBNAIL_CROSS_ORIGIN } from '../files/TileImage.tsx'
import { linkFailed, plainHttpRefused } from './failure-text.tsx'
import { NoPreview } from './NoPreview.tsx'
import { mayLoadPlainly } from './plain-load.ts'
import { useDirectLink } from './use-direct-link.ts'

/**
 * A picture: the host's thumbnail at once (the grid has usually loaded it already), then the full image from
 * the direct link over it once it has decoded. Too large a picture shows its thumbnail only, and says so.
 */
export function ImagePreview({ file, tooLarge }: { file: IndexFileRow; tooLarge: boolean }) {
  const intl = useIntl()
  const thumbnail = loadableFileUrl(file.thumbnail)
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading')
  const link = useDirectLink(file)
  const full = tooLarge ? null : link.data ? loadableFileUrl(link.data.url) : null
  const refused = link.data !== undefined && (full === null || !mayLoadPlainly(full))

  if (thumbnail === null && tooLarge)
    return (
      <NoPreview
        file={file}
        reason={intl.formatMessage({
          id: 'preview.image.tooLargeNoThumbnail',
          defaultMessage: 'This picture is too large to preview, and the host gives no thumbnail.',
        })}
      />
    )
  if (thumbnail === null && (link.isError || refused || state === 'failed'))
    return <NoPreview file={file} reason={whyNot(intl, link.error, refused)} />
  return (
    <div className="ql-picture">
      {thumbnail && state !== 'shown' ? (
        // Without cookies or referrer, as the grid's tiles load it (TileImage.tsx says why).
        <img
          className="ql-thumb"
          data-testid="ql-thumbnail"
          src={thumbnail}
          alt=""
          crossOrigin={THUMBNAIL_CROSS_ORIGIN}
          referrerPolicy="no-referrer"
        />
      ) : null}
      {full && !refused && state !== 'failed' ? (
        <img
          className={state === 'shown' ? 'ql-full' : 'ql-full ql-loading'}
          data-testid="ql-image"
          src={full}
          alt={file.name}
          translate="no"
          referrerPolicy="no-referrer"
          onLoad={() => setState('shown')}
          onError={() => setState('failed')}
        />
      ) : null}
      {!tooLarge && state === 'loading' && !link.isError && !refused ? (
        <span className="ql-progress">
          <Spinner
            label={intl.formatMessage({ id: 'preview.image.loading', defaultMessage: 'Loading the picture' })}
          />
        </span>
      ) : null}
      {tooLarge || state === 'failed' || link.isError || refused ? (
        <p className="ql-caption" role="status">
          {tooLarge
            ? intl.formatMessage({
                id: 'preview.image.thumbnailOnly',
                defaultMessage: 'This picture is too large to show whole: this is the host’s thumbnail.',
              })
            : whyNot(intl, link.error, refused)}
        </p>
      ) : null}
    </div>
  )
}

function whyNot(intl: IntlShape, error: Error | null, refused: boolean): React.ReactNode {
  if (error) return linkFailed(intl, error)
  if (refused) return plainHttpRefused(intl)
  return intl.formatMessage({
    id: 'preview.image.unreadable',
    defaultMessage: 'This picture could not be shown: the browser cannot read its format.',
  })
}
