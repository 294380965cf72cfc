import type { FileHandle } from 'node:fs/promises'
import type { ApiClient } from '../api/client.ts'
import { LinkGone } from '../api/file-server.ts'
import { defaultRetryPolicy, type RetryPolicy, withRetries } from '../api/retry.ts'
import type { ByteWindow } from './sample-windows.ts'

/** Fresh links asked for one file after the file server refused the last one (403/404/410). */
const MAX_LINK_REFRESHES = 3

export interface CompareOptions {
  client: Pick<ApiClient, 'directLink' | 'openRange'>
  fileCode: string
  local: FileHandle
  windows: readonly ByteWindow[]
  signal?: AbortSignal | undefined
  retryPolicy?: RetryPolicy | undefined
}

export interface Comparison {
  /** The first differing byte found, or null when every byte compared is equal. */
  offset: number | null
  bytesRead: number
}

/**
 * Compares `windows` of the host's copy with the same bytes of the local file, window by window, stopping at the
 * first difference. The direct link is asked for just before the first read and again whenever the file server
 * refuses it (an expired link: 403/404/410), never kept past this file. A transient failure (5xx, 429, a cut
 * body: the one isTransient) re-reads the window through withRetries. A host that ignores Range answers 200 with
 * the whole body: the bytes before the window are skipped (and counted as read: they did come down).
 */
export async function compareWithHost(o: CompareOptions): Promise<Comparison> {
  let link: string | null = null
  let refreshes = 0
  let bytesRead = 0
  const freshLink = async () => {
    link = (await o.client.directLink(o.fileCode, o.signal ? { signal: o.signal } : undefined)).url
    return link
  }
  for (const w of o.windows) {
    const offset = await withRetries(
      async () => {
        for (;;) {
          try {
            const r = await readWindow(o, link ?? (await freshLink()), w)
            bytesRead += r.bytesRead
            return r.offset
          } catch (err) {
            if (!(err instanceof LinkGone) || refreshes >= MAX_LINK_REFRESHES) throw err
            refreshes++
            await freshLink()
          }
        }
      },
      o.retryPolicy ?? defaultRetryPolicy,
      o.signal,
    )
    if (offset !== null) return { offset, bytesRead }
  }
  return { offset: null, bytesRead }
}

/** One window: its first differing offset or null; bytes read from the host, counted even when the body is cut. */
async function readWindow(
  o: CompareOptions,
  url: string,
  w: ByteWindow,
): Promise<{ offset: number | null; bytesRead: number }> {
  const answer = await o.client.openRange(url, { start: w.start, end: w.end, signal: o.signal })
  // 416: the host's copy ends before the window starts, so it is shorter than its size said.
  if (answer.status === 416) return { offset: Math.min(w.start, answer.total ?? w.start), bytesRead: 0 }
  let pos = answer.start
  let bytesRead = 0
  const local = Buffer.allocUnsafe(1024 * 1024)
  try {
    for await (const chunk of answer.body) {
      bytesRead += chunk.length
      const from = Math.max(pos, w.start)
      const to = Math.min(pos + chunk.length - 1, w.end)
      if (from <= to) {
        const diff = await firstDifference(o.local, chunk.subarray(from - pos, to - pos + 1), from, local)
        if (diff !== null) return { offset: diff, bytesRead }
      }
      pos += chunk.length
      if (pos > w.end) return { offset: null, bytesRead }
    }
  } finally {
    answer.body.close()
  }
  // The body ended before the window did: the host's copy is shorter there.
  return { offset: pos, bytesRead }
}

/** The first offset where `remote` (the host's bytes from `at`) and the local file differ, or null. */
async function firstDifference(
  fh: FileHandle,
  remote: Buffer,
  at: number,
  scratch: Buffer,
): Promise<number | null> {
  for (let done = 0; done < remote.length; ) {
    const want = Math.min(scratch.length, remote.length - done)
    const { bytesRead } = await fh.read(scratch, 0, want, at + done)
    const n = Math.min(bytesRead, want)
    // Buffer.equals is native; the loop only runs to find where a differing stretch differs.
    if (!scratch.subarray(0, n).equals(remote.subarray(done, done + n)))
      for (let i = 0; i < n; i++) if (scratch[i] !== remote[done + i]) return at + done + i
    // The local file ends here (it changed while being verified).
    if (bytesRead < want) return at + done + bytesRead
    done += n
  }
  return null
}
