import { z } from 'zod'
import { defineChannel } from './define-channel.ts'
import { accountScope, fileCode } from './fields.ts'
import { PREVIEW_CHUNK_BYTES } from './limits.ts'

/**
 * Quick Look's reads of a file's bytes (text and PDF previews). The page cannot read a direct link itself: file
 * servers send no CORS header, so main reads it, a range at a time. Spread into contract.ts.
 */

export interface PreviewBytes {
  /** The bytes read, base64; fewer than asked at the end of the file, none past it. */
  base64: string
  /** The file's size as the file server states it; null when it does not say. */
  total: number | null
}

export const previewContract = {
  /** Bytes `start` to `start + length - 1` of a file, read from its direct link (never written to disk). */
  'files.previewBytes': defineChannel<PreviewBytes>()(
    z.strictObject({
      ...accountScope,
      fileCode,
      start: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
      length: z
        .number()
        .int()
        .min(1)
        .max(PREVIEW_CHUNK_BYTES, `At most ${PREVIEW_CHUNK_BYTES} bytes per read`),
    }),
  ),
}
