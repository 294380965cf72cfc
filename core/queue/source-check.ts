import { stat } from 'node:fs/promises'
import { defineMessages } from '@formatjs/intl'
import { permanentText } from './failures.ts'
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
    if (code === 'ENOENT' || code === 'ENOTDIR') throw permanentText(SOURCE.gone, { path: item.source })
    throw permanentText(SOURCE.unreadable, { path: item.source, code: code ?? (err as Error).message })
  }
  if (!s.isFile()) throw permanentText(SOURCE.notFile, { path: item.source })
  const how =
    s.size !== item.size
      ? 'size'
      : item.mtimeMs !== null && Math.abs(s.mtimeMs - item.mtimeMs) > 1
        ? 'modified'
        : null
  if (how === null) return
  throw permanentText(SOURCE.changed, {
    path: item.source,
    when: afterUpload ? 'during' : 'after',
    how,
    size: s.size,
    queued: String(item.size),
    copy: afterUpload ? 'yes' : 'no',
    fileCode: afterUpload?.fileCode ?? '',
  })
}

const SOURCE = defineMessages({
  gone: { id: 'errors.queue.sourceGone', defaultMessage: '{path} was deleted or moved after it was queued.' },
  unreadable: {
    id: 'errors.queue.sourceUnreadable',
    defaultMessage: '{path} can no longer be read ({code}).',
  },
  notFile: { id: 'errors.queue.sourceNotFile', defaultMessage: '{path} is no longer a regular file.' },
  changed: {
    id: 'errors.queue.sourceChanged',
    defaultMessage:
      '{path} changed {when, select, during {while it was being uploaded} other {after it was queued}} ({how, select, size {its size is now {size} bytes, was {queued}} other {it was modified}}). Queue it again to upload the new version.{copy, select, yes { The host already holds a copy that may be incomplete (file code {fileCode}); delete it on the host.} other {}}',
  },
})
