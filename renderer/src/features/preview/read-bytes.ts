import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { PREVIEW_CHUNK_BYTES } from '../../../../shared/ipc/limits.ts'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'

function decodeBase64(base64: string): Uint8Array<ArrayBuffer> {
  const raw = atob(base64)
  const out = new Uint8Array(raw.length)
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i)
  return out
}

/** Bytes from `start` (at most `length`, fewer at the end of the file), read by main from the direct link. */
async function readChunk(file: IndexFileRow, start: number, length: number) {
  const answer = await call(
    api.files.previewBytes({ accountId: file.accountId, fileCode: file.fileCode, start, length }),
  )
  return { bytes: decodeBase64(answer.base64), total: answer.total }
}

/**
 * The first `limit` bytes of a file, or the whole file when it is smaller, in ranges of one call each. `onRead`
 * hears the bytes so far and the file's size. Stops (throwing) when `signal` aborts: the preview moved on.
 */
export async function readStart(
  file: IndexFileRow,
  limit: number,
  signal: AbortSignal,
  onRead: (read: number, total: number) => void = () => {},
): Promise<{ bytes: Uint8Array<ArrayBuffer>; total: number }> {
  const parts: Uint8Array<ArrayBuffer>[] = []
  let read = 0
  let total = file.size
  // At least one read: the index's size may be out of date, and the file server's answer says the real one.
  do {
    signal.throwIfAborted()
    const chunk = await readChunk(file, read, Math.min(PREVIEW_CHUNK_BYTES, limit - read))
    total = chunk.total ?? total
    if (chunk.bytes.length === 0) break
    parts.push(chunk.bytes)
    read += chunk.bytes.length
    onRead(read, total)
  } while (read < Math.min(limit, total))
  signal.throwIfAborted()
  const bytes = new Uint8Array(read)
  let at = 0
  for (const part of parts) {
    bytes.set(part, at)
    at += part.length
  }
  return { bytes, total }
}
