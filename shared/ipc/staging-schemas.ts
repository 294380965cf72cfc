import { z } from 'zod'
import { absolutePath } from './fields.ts'

// The staging route's schemas (staging.ts describes the route): apart, so the page loads zod only when it stages.

/** Chosen by the page (a random UUID); the host refuses anything else before it becomes a folder name. */
export const stagingIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not a staging id')

/** What a successful PUT answers (201): the staged top-level entry to queue (the dropped folder, or the file). */
export const stagedAnswerSchema = z.strictObject({ top: absolutePath })
export type StagedAnswer = z.infer<typeof stagedAnswerSchema>
