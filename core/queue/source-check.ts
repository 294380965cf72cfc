import { stat } from 'node:fs/promises'
import { permanent } from './failures.ts'
import type { ItemRecord } from './records.ts'

/**
 * The local file must be the one that was queued: same size and modification time. A file that changed or
 * vanished fails its item with a reason, rather than being uploaded half-written or in a newer version nobody
 * looked at. Checked before each send and again after it (a change during the upload is reported, with the code
 * of the copy the host kept, since the API cannot delete it).
 */
export async function checkSource(item: ItemRecord, afterUpload?: { fileCode: string }): Promise<void> {
  let s: Awaited<ReturnType<typeof stat>>
  try {
    s = await stat(item.source)
  } catch (err) {
    // Gone after the upload: what was sent came from the open file, whole, so the upload stands.
    if (afterUpload) return
    const code = (err as { code?: string }).code
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw permanent(`${item.source} was deleted or moved after it was queued.`)
    throw permanent(`${item.source} can no longer be read (${code ?? (err as Error).message}).`)
  }
  if (!s.isFile()) throw permanent(`${item.source} is no longer a regular file.`)
  const changed: string[] = []
  if (s.size !== item.size) changed.push(`its size is now ${s.size} bytes, was ${item.size}`)
  else if (item.mtimeMs !== null && Math.abs(s.mtimeMs - item.mtimeMs) > 1) changed.push('it was modified')
  if (changed.length === 0) return
  const when = afterUpload ? 'while it was being uploaded' : 'after it was queued'
  throw permanent(
    `${item.source} changed ${when} (${changed.join(', ')}). Queue it again to upload the new version.${hostCopy(afterUpload)}`,
  )
}

function hostCopy(afterUpload?: { fileCode: string }): string {
  return afterUpload
    ? ` The host already holds a copy that may be incomplete (file code ${afterUpload.fileCode}); delete it on the host.`
    : ''
}
