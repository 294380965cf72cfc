import { useState } from 'react'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { thumbnailUrl } from '../../../../shared/ipc/content-security-policy.ts'
import { FileIcon } from './FileIcon.tsx'

/**
 * How a thumbnail is fetched. In the browser host, in CORS mode without credentials: its access cookie belongs
 * to 127.0.0.1, and a thumbnail on another port of this machine (a local host, the sandbox) would otherwise be
 * sent it; such a load needs the image server's CORS consent, and one without it shows the badge (a browser that
 * does not honour COEP credentialless would still send the cookie to a plain load). Electron's window has no
 * such cookie: its page (filedock://app) is cross-origin isolated with COEP credentialless, and main strips
 * cookies from every request of its session (electron/shell/security.ts), so it loads thumbnails plainly and
 * hosts that send no CORS header show them too. The preload's bridge is there only in Electron.
 */
export const THUMBNAIL_CROSS_ORIGIN: 'anonymous' | undefined =
  window.filedock === undefined ? 'anonymous' : undefined

/**
 * A file tile's picture: the host's thumbnail when it gives a URL the page may load, else (or when it does not
 * load) the kind badge. No referrer tells the host where the app runs.
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
      crossOrigin={THUMBNAIL_CROSS_ORIGIN}
      referrerPolicy="no-referrer"
      loading="lazy"
      decoding="async"
      draggable={false}
      onError={() => setFailed(src)}
    />
  )
}
