import { useState } from 'react'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { loadableFileUrl } from '../../../../shared/ipc/content-security-policy.ts'
import { Spinner } from '../../components/States.tsx'
import { THUMBNAIL_CROSS_ORIGIN } from '../files/TileImage.tsx'
import { NoPreview } from './NoPreview.tsx'
import { mayLoadPlainly } from './plain-load.ts'
import { useDirectLink } from './use-direct-link.ts'

/**
 * A picture: the host's thumbnail at once (the grid has usually loaded it already), then the full image from
 * the direct link over it once it has decoded. Too large a picture shows its thumbnail only, and says so.
 */
export function ImagePreview({ file, tooLarge }: { file: IndexFileRow; tooLarge: boolean }) {
  const thumbnail = loadableFileUrl(file.thumbnail)
  const [state, setState] = useState<'loading' | 'shown' | 'failed'>('loading')
  const link = useDirectLink(file)
  const full = tooLarge ? null : link.data ? loadableFileUrl(link.data.url) : null
  const refused = link.data !== undefined && (full === null || !mayLoadPlainly(full))

  if (thumbnail === null && tooLarge)
    return (
      <NoPreview
        file={file}
        reason="This picture is too large to preview, and the host gives no thumbnail."
      />
    )
  if (thumbnail === null && (link.isError || refused || state === 'failed'))
    return <NoPreview file={file} reason={whyNot(link.error, refused)} />
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
          referrerPolicy="no-referrer"
          onLoad={() => setState('shown')}
          onError={() => setState('failed')}
        />
      ) : null}
      {!tooLarge && state === 'loading' && !link.isError && !refused ? (
        <span className="ql-progress">
          <Spinner label="Loading the picture" />
        </span>
      ) : null}
      {tooLarge || state === 'failed' || link.isError || refused ? (
        <p className="ql-caption" role="status">
          {tooLarge
            ? 'This picture is too large to show whole: this is the host’s thumbnail.'
            : whyNot(link.error, refused)}
        </p>
      ) : null}
    </div>
  )
}

function whyNot(error: Error | null, refused: boolean): string {
  if (error) return `Could not get the file’s link: ${error.message}`
  if (refused)
    return 'This host serves the file over plain http from another machine, which Filedock does not load.'
  return 'This picture could not be shown: the browser cannot read its format.'
}
