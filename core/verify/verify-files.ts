import { open } from 'node:fs/promises'
import { defineMessages } from '@formatjs/intl'
import pLimit from 'p-limit'
import { FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { VerifyResult } from '../../shared/verify.ts'
import type { ApiClient } from '../api/client.ts'
import type { RetryPolicy } from '../api/retry.ts'
import { compareWithHost } from './compare-file.ts'
import { sampleWindows, wholeFile } from './sample-windows.ts'

/** One local file to verify and the host's copy it should equal (null: none known, so "not uploaded"). */
export interface VerifyEntry {
  relPath: string
  localPath: string
  fileCode: string | null
  /** The host had a copy by this name once (it is among the account's deleted files): "missing", not "not uploaded". */
  deletedOnHost?: boolean
}

export interface VerifyOptions {
  client: Pick<ApiClient, 'fileInfo' | 'directLink' | 'openRange'>
  entries: readonly VerifyEntry[]
  /** Read every byte instead of the sampled windows. */
  full?: boolean
  /** Chooses the sampled offsets; the same seed samples the same places again. */
  seed?: number
  /** Files compared at once (default 3, the queue's default). */
  concurrency?: number
  signal?: AbortSignal | undefined
  retryPolicy?: RetryPolicy
  /** Each file's result as soon as it is known (in completion order). */
  onResult?: ((r: VerifyResult) => void) | undefined
}

export const DEFAULT_VERIFY_CONCURRENCY = 3

/**
 * Verifies each entry: the sizes first (file/info, for all the codes at once, before any byte is read: a size
 * mismatch costs no download), then the bytes (compareWithHost). Results in the entries' order.
 */
export async function verifyFiles(o: VerifyOptions): Promise<VerifyResult[]> {
  const signal = o.signal
  const codes = o.entries.flatMap((e) => (e.fileCode === null || e.deletedOnHost ? [] : [e.fileCode]))
  const infos = new Map(
    (codes.length === 0 ? [] : await o.client.fileInfo(codes, signal ? { signal } : undefined)).map(
      (i) => [i.fileCode, i] as const,
    ),
  )
  const limit = pLimit(o.concurrency ?? DEFAULT_VERIFY_CONCURRENCY)
  const seed = o.seed ?? 0
  const one = async (e: VerifyEntry): Promise<VerifyResult> => {
    const base = { relPath: e.relPath, fileCode: e.fileCode, bytesRead: 0 }
    const fh = await open(e.localPath, 'r').catch((err: NodeJS.ErrnoException) => err)
    if (fh instanceof Error) {
      const error = translatedError({ kind: 'local_disk' }, TEXT.unreadable, {
        detail: fh.code ?? fh.message,
      })
      return { ...base, status: 'failed', localSize: null, hostSize: null, ...said(error) }
    }
    try {
      const localSize = (await fh.stat()).size
      if (e.fileCode === null) return { ...base, status: 'not-uploaded', localSize, hostSize: null }
      const info = infos.get(e.fileCode)
      if (e.deletedOnHost || !info?.found) return { ...base, status: 'missing', localSize, hostSize: null }
      const hostSize = info.size
      if (hostSize !== localSize) {
        const offset = Math.min(hostSize, localSize)
        return { ...base, status: 'differs', localSize, hostSize, offset, message: 'the sizes differ' }
      }
      const windows = o.full ? wholeFile(hostSize) : sampleWindows(hostSize, seed, e.relPath)
      const c = await compareWithHost({
        client: o.client,
        fileCode: e.fileCode,
        local: fh,
        windows,
        signal,
        retryPolicy: o.retryPolicy,
      })
      return c.offset === null
        ? { ...base, status: 'same', localSize, hostSize, bytesRead: c.bytesRead }
        : { ...base, status: 'differs', localSize, hostSize, offset: c.offset, bytesRead: c.bytesRead }
    } catch (err) {
      if (err instanceof FiledockError && err.kind === 'cancelled') throw err
      const error =
        err instanceof FiledockError ? err : new FiledockError({ kind: 'internal', message: String(err) })
      return { ...base, status: 'failed', localSize: null, hostSize: null, ...said(error) }
    } finally {
      await fh.close()
    }
  }
  return Promise.all(
    o.entries.map((e) =>
      limit(async () => {
        const r = await one(e)
        o.onResult?.(r)
        return r
      }),
    ),
  )
}

/** A failure's English (message) and, when it has one, its message id and values (error). */
function said(error: FiledockError): Pick<VerifyResult, 'message' | 'error'> {
  return error.messageId === undefined
    ? { message: error.message }
    : { message: error.message, error: error.toJSON() }
}

const TEXT = defineMessages({
  unreadable: {
    id: 'errors.verify.localUnreadable',
    defaultMessage: 'The local file cannot be read ({detail}).',
  },
})
