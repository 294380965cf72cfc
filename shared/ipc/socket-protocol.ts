import { z } from 'zod'
import type { FiledockErrorData } from '../errors.ts'
import type { Result } from '../result.ts'
import type { AppEvent } from './events.ts'

/**
 * Frames of the browser host's WebSocket (/ipc). Text frames of JSON only.
 *   client → host: { id, channel, input }
 *   host → client: { id, result } answering a call, { event } pushed, or { error } for a frame the host could
 *   not read at all (no usable id). A call the host could read but not accept is answered { id, result: fail }.
 */

/** Call ids are chosen by the client; a counter is enough. */
export const callIdSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
export type CallId = z.infer<typeof callIdSchema>

export const callFrameSchema = z.strictObject({
  id: callIdSchema,
  channel: z.string().max(100),
  input: z.unknown(),
})
export type CallFrame = z.infer<typeof callFrameSchema>

export type ResultFrame = { id: CallId; result: Result<unknown> }
export type EventFrame = { event: AppEvent }
export type ErrorFrame = { error: FiledockErrorData }
export type HostFrame = ResultFrame | EventFrame | ErrorFrame

/** Largest frame either side accepts; calls are small (the biggest is files.check with its URLs). */
export const MAX_FRAME_BYTES = 1024 * 1024
