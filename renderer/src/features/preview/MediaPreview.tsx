import { useState } from 'react'
import { useIntl } from 'react-intl'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { loadableFileUrl } from '../../../../shared/ipc/content-security-policy.ts'
import { Spinner } from '../../components/States.tsx'
import { linkFailed, plainHttpRefused } from './failure-text.tsx'
import { NoPreview } from './NoPreview.tsx'
import { mayLoadPlainly } from './plain-load.ts'
import { useDirectLink } from './use-direct-link.ts'

/**
 * Video or audio, played from the direct link by the browser's own player: it asks the file server for the
 * ranges it needs (Range requests), so playback starts at once and seeking fetches from the new place. Nothing
 * is kept once the preview closes or moves on (the element goes, with its buffer).
 */
export function MediaPreview({ file, kind }: { file: IndexFileRow; kind: 'video' | 'audio' }) {
  const intl = useIntl()
  const link = useDirectLink(file)
  const [failed, setFailed] = useState(false)
  if (link.isPending)
    return (
      <Spinner
        label={intl.formatMessage({
          id: 'preview.media.gettingLink',
          defaultMessage: 'Getting the file’s link',
        })}
      />
    )
  if (link.isError) return <NoPreview file={file} reason={linkFailed(intl, link.error)} />
  const src = loadableFileUrl(link.data.url)
  if (src === null || !mayLoadPlainly(src)) return <NoPreview file={file} reason={plainHttpRefused(intl)} />
  if (failed)
    return (
      <NoPreview
        file={file}
        reason={intl.formatMessage(
          {
            id: 'preview.media.unplayable',
            defaultMessage:
              '{kind, select, video {This video could not be played: the browser cannot read its format.} other {This audio could not be played: the browser cannot read its format.}}',
          },
          { kind },
        )}
      />
    )
  const Element = kind
  return (
    <Element
      className={kind === 'video' ? 'ql-video' : 'ql-audio'}
      data-testid={`ql-${kind}`}
      src={src}
      controls
      autoPlay
      preload="metadata"
      onError={() => setFailed(true)}
    />
  )
}
