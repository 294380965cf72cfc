import type { ErrorValues, FiledockErrorData } from '../errors.ts'

/**
 * How many wrapped failures deep a message keeps its causes' ids (a cause, its cause …): each is worded in the
 * reader's language down to here, and below that the deepest kept cause's English says the rest. Bounded so a
 * failure re-wrapped on every retry cannot grow its values without end.
 */
export const MAX_CAUSE_DEPTH = 4

/**
 * The value that carries the words of the failure `depth` levels down (1: the message's `{cause}`), and with
 * `part` that failure's message id ('Id') or operation ('Operation'): `cause`, `causeId`, `causeCause`,
 * `causeCauseOperation` … Flat names, because values are flat data that must survive IPC and JSON as they are.
 */
export function causeKey(depth: number, part: '' | 'Id' | 'Operation' = ''): string {
  return `cause${'Cause'.repeat(depth - 1)}${part}`
}

/** How deep the value `name` sits in a chain of causes (0: a value of the failure itself, not of a cause). */
function causeDepth(name: string): number {
  const match = /^cause((?:Cause)*)(?:Id|Operation)?$/.exec(name)
  return match === null ? 0 : 1 + (match[1] as string).length / 'Cause'.length
}

/**
 * The values that put one failure's words into another's message as its `{cause}`: the English (`cause`) and,
 * when the failure has a message id, that id (`causeId`), its operation (`causeOperation`, its `{action}`) and
 * its values, which errorText words in the reader's language (shared/i18n/error-text.ts). The failure's own
 * causes move one level down (its `causeId` becomes `causeCauseId`), so a chain keeps each level's words instead
 * of the outer one overwriting the inner. Anything else thrown is its English alone.
 */
export function causeValues(cause: unknown): ErrorValues {
  if (!isErrorData(cause)) return { cause: cause instanceof Error ? cause.message : String(cause) }
  if (cause.messageId === undefined) return { cause: cause.message }
  const out: ErrorValues = {}
  for (const [name, value] of Object.entries(cause.values ?? {})) {
    const depth = causeDepth(name)
    if (depth === 0) out[name] = value
    // Ids down to MAX_CAUSE_DEPTH; English one level further, the `{cause}` of the deepest id kept.
    else if (depth < MAX_CAUSE_DEPTH || (depth === MAX_CAUSE_DEPTH && name === causeKey(depth)))
      out[`causeCause${name.slice('cause'.length)}`] = value
  }
  out.causeId = cause.messageId
  if (cause.operation !== undefined) out.causeOperation = cause.operation
  out.cause = cause.message
  return out
}

function isErrorData(value: unknown): value is FiledockErrorData {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { kind?: unknown }).kind === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  )
}
