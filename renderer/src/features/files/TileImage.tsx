import { useState } from 'react'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { thumbnailUrl } from '../../../../shared/ipc/content-security-policy.ts'
import { FileIcon } from './FileIcon.tsx'

/**
 * A file tile's picture: the host's thumbnail when it gives a URL the page may load, else (or when it does not
 * load) the kind badge. Loaded without credentials: the browser host's access cookie belongs to 127.0.0.1, and a
 * thumbnail on another port of this machine (a local host, the sandbox) would otherwise be sent it. Such a load
 * needs the image server's CORS consent; one without it shows the badge. No referrer tells the host where the
 * app runs.
 */
export function TileImage({ file }: { file: IndexFileRow }) {
  const src = thumbnailUrl(file.thumbnail)
  const [failed, setFailed] = useState<string | null>(null)
  if (src === null || failed === src) return <FileIcon name={file.name} />
  return (
    <img
      className="tile-thumb"
      src={src}
      alt=""
      crossOrigin="anonymous"
      referrerPolicy="no-referrer"
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(src)}
    />
  )
}
