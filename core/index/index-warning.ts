import { defineMessages } from '@formatjs/intl'
import type { ErrorValues, FiledockErrorData } from '../../shared/errors.ts'
import type { IndexStatus } from '../../shared/file-index.ts'
import { causeValues } from '../../shared/i18n/cause-values.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'

/**
 * An index warning as it is kept (in the index file's account row, and in the live states): the JSON of a
 * FiledockErrorData, so each window words it in its own language. Files written before this hold the English
 * alone, which is read as it is.
 */
export function indexWarning(text: ErrorMessage, values: ErrorValues, cause?: unknown): string {
  const worded = cause === undefined ? {} : causeValues(cause)
  return JSON.stringify(translatedError({ kind: 'internal' }, text, { ...worded, ...values }).toJSON())
}

/** A warning as the status shows it: its English (logs, the CLI) and, when it has one, its id and values. */
export function warningOf(stored: string | null): Pick<IndexStatus, 'warning' | 'warningError'> {
  if (stored === null) return { warning: null }
  const data = parsed(stored)
  return data === null ? { warning: stored } : { warning: data.message, warningError: data }
}

function parsed(stored: string): FiledockErrorData | null {
  if (!stored.startsWith('{')) return null
  try {
    const value = JSON.parse(stored) as Partial<FiledockErrorData> | null
    return typeof value?.kind === 'string' && typeof value.message === 'string'
      ? (value as FiledockErrorData)
      : null
  } catch {
    return null
  }
}

export const INDEX_WARNINGS = defineMessages({
  pageUnreadable: {
    id: 'index.warning.pageUnreadable',
    defaultMessage:
      "Page {page, number} of the host's file list could not be read ({cause}); the files indexed so far stay searchable. Refresh to try again.",
  },
  countChanging: {
    id: 'index.warning.countChanging',
    defaultMessage:
      "The host's file count kept changing while indexing ({reported, number} reported, {listed, number} listed); files not seen this time stay in the index until a later refresh confirms them.",
  },
  rebuilt: {
    id: 'index.warning.rebuilt',
    defaultMessage:
      'The file index could not be read ({cause}); it was set aside as {file} and is being rebuilt from the host.',
  },
  waits: { id: 'index.warning.waits', defaultMessage: 'Indexing waits for the host: {cause}' },
  stopped: { id: 'index.warning.stopped', defaultMessage: 'Indexing stopped: {cause}' },
})
