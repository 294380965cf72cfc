import { useState } from 'react'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { loadableFileUrl } from '../../../../shared/ipc/content-security-policy.ts'
import { Spinner } from '../../components/States.tsx'
import { NoPreview } from './NoPreview.tsx'
import { mayLoadPlainly } from './plain-load.ts'
import { useDirectLink } from './use-direct-link.ts'

/**
 * Video or audio, played from the direct link by the browser's own player: it asks the file server for the
 * ranges it needs (Range requests), so playback starts at once and seeking fetches from the new place. Nothing
 * is kept once the preview closes or moves on (the element goes, with its buffer).
 */
export function MediaPreview({ file, kind }: { file: IndexFileRow; kind: 'video' | 'audio' }) {
  const link = useDirectLink(file)
  const [failed, setFailed] = useState(false)
  if (link.isPending) return <Spinner label="Getting the file’s link" />
  if (link.isError)
    return <NoPreview file={file} reason={`Could not get the file’s link: ${link.error.message}`} />
  const src = loadableFileUrl(link.data.url)
  if (src === null || !mayLoadPlainly(src))
    return (
      <NoPreview
        file={file}
        reason="This host serves the file over plain http from another machine, which Filedock does not load."
      />
    )
  if (failed)
    return (
      <NoPreview
        file={file}
        reason={`This ${kind} could not be played: the browser cannot read its format.`}
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
