import { defineMessage } from '@formatjs/intl'
import { z } from 'zod'
import { translatedError } from '../../shared/i18n/error-text.ts'

/**
 * Zod building blocks that accept the variants hosts of this family really send (numbers as strings, status as
 * a string, two spellings of the file code, booleans as 0/1) and produce one normalised value. Unknown fields
 * are ignored (z.object strips them); missing or unreadable fields we rely on fail with a path.
 */

/** An integer sent as a number or a string of digits. */
export const intLike = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'expected an integer')
    .transform(Number),
])

/** A decimal sent as a number or a string (`0.00000`). */
export const decimalLike = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'expected a decimal number')
    .transform(Number),
])

/** true/false, 1/0 or their string forms. */
export const boolLike = z.union([
  z.boolean(),
  z.literal([1, 0]).transform((v) => v === 1),
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['1', '0', 'true', 'false']))
    .transform((v) => v === '1' || v === 'true'),
])

/** A file code as issued by the host; the same rule the client applies to codes it is given. */
export const fileCodeValue = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,64}$/, 'expected a file code (letters and digits)')

/** An http(s) URL, kept as the host's string. */
export const httpUrl = z.string().refine((v) => {
  try {
    const u = new URL(v)
    return u.protocol === 'http:' || u.protocol === 'https:'
  } catch {
    return false
  }
}, 'expected an http(s) URL')

/** Optional string-ish value whose format the spec does not show (thumbnail, folder code): null or a string. */
export const opaqueOrNull = z
  .union([z.string(), z.number().transform(String), z.null()])
  .optional()
  .transform((v) => (v === undefined || v === '' ? null : v))

/**
 * Accepts `file_code` or `filecode` (the spec uses both) and yields `fileCode`. Used with `.and()` semantics by
 * spreading into record schemas and finishing with `withFileCode`.
 */
export const fileCodeFields = {
  file_code: fileCodeValue.optional(),
  filecode: fileCodeValue.optional(),
}

export function pickFileCode(
  rec: { file_code?: string | undefined; filecode?: string | undefined },
  ctx: z.RefinementCtx,
): string {
  const code = rec.file_code ?? rec.filecode
  if (code === undefined) {
    ctx.addIssue({ code: 'custom', message: 'the file code is missing', path: ['file_code'] })
    return ''
  }
  return code
}

/** Parses `body` with `schema`, or throws a malformed error naming the operation and the first bad field. */
export function parseAnswer<S extends z.ZodType>(schema: S, operation: string, body: unknown): z.output<S> {
  const r = schema.safeParse(body)
  if (r.success) return r.data
  const issue = r.error.issues[0]
  const path = issue ? formatPath(issue.path) : ''
  const what = issue ? `${path ? `${path}: ` : ''}${issue.message}` : 'unexpected shape'
  // `what` names the field and the check it failed: technical words, kept as they are.
  throw translatedError({ kind: 'malformed', operation }, UNEXPECTED_FORM, { what })
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = ''
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`
    else out += out ? `.${String(p)}` : String(p)
  }
  return out
}

const UNEXPECTED_FORM = defineMessage({
  id: 'errors.host.unexpectedForm',
  defaultMessage:
    "The host's answer when {action} is not in the expected form ({what}). The host may not be compatible.",
})
