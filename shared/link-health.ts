import type { FiledockErrorData } from './errors.ts'

/**
 * Link health of the upload history: whether each uploaded file's page link still answers (files/check), and
 * when it was last asked. Plain data; epoch milliseconds.
 */
export interface LinkHealth {
  /** The history entry's id. */
  id: string
  alive: boolean
  checkedAt: number
  /** When a check last found the link alive (checkedAt when it is); null: never, as far as the checks here know. */
  lastAliveAt: number | null
}

export interface LinkCheckSummary {
  checked: number
  alive: number
  gone: number
  /** Entries that could not be checked (their account was removed, or its host did not answer). */
  unchecked: number
  /** For a person: why some entries could not be checked, one line per account (English: the CLI, logs). */
  problems: string[]
  /** The same lines with their message ids, so each window shows them in its own language (errorText). */
  problemErrors?: FiledockErrorData[]
  finishedAt: number
}

/** Hours between scheduled checks the user may pick; null (the default) checks only when asked. */
export const LINK_CHECK_HOURS = [1, 6, 24, 168] as const
