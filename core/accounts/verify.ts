import { defineMessages } from '@formatjs/intl'
import { type ErrorKind, type ErrorValues, FiledockError, isFiledockError } from '../../shared/errors.ts'
import { causeValues } from '../../shared/i18n/cause-values.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'

/**
 * Checks a key against a host before it is saved. The composition root passes one that calls the API client's
 * account/info; it should throw FiledockError (auth / network / timeout / …) and honour `signal`.
 */
export type VerifyKey = (baseUrl: string, apiKey: string, signal?: AbortSignal) => Promise<{ email: string }>

export const DEFAULT_VERIFY_TIMEOUT_MS = 20_000

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
])
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT'])

/**
 * Runs `verify` with a deadline of our own (a verify that ignores its signal still cannot hang "Add account"),
 * and turns whatever it throws into a FiledockError that says the account was not saved. Errors from the API
 * client pass through with their kind; anything else (a raw fetch failure) is classified here.
 */
export async function checkKey(
  verify: VerifyKey,
  baseUrl: string,
  apiKey: string,
  options: { timeoutMs?: number | undefined; notSavedNote: NotSaved },
): Promise<{ email: string }> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_VERIFY_TIMEOUT_MS
  const controller = new AbortController()
  const deadline = new Promise<never>((_, reject) => {
    controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true })
  })
  const timer = setTimeout(() => {
    const seconds = Math.round(timeoutMs / 100) / 10
    controller.abort(translatedError({ kind: 'timeout' }, TEXT.deadline, { baseUrl, seconds }))
  }, timeoutMs)
  try {
    const result = await Promise.race([verify(baseUrl, apiKey, controller.signal), deadline])
    // account/info shapes vary between hosts; a missing e-mail is not a reason to refuse a working key.
    return { email: typeof result?.email === 'string' ? result.email : '' }
  } catch (error) {
    throw notSaved(classify(error, baseUrl), apiKey, options.notSavedNote)
  } finally {
    clearTimeout(timer)
    controller.abort()
  }
}

function classify(error: unknown, baseUrl: string): FiledockError {
  if (isFiledockError(error)) return error
  const code = errorCode(error)
  const name = error instanceof Error ? error.name : ''
  const detail = error instanceof Error ? error.message : String(error)
  const make = (kind: ErrorKind, text: ErrorMessage, values: ErrorValues = {}) =>
    translatedError({ kind }, text, { baseUrl, ...values }, { cause: error })
  if (name === 'TimeoutError' || (code !== undefined && TIMEOUT_CODES.has(code))) {
    return make('timeout', TEXT.noAnswer)
  }
  if (
    code !== undefined &&
    (NETWORK_CODES.has(code) || code.startsWith('ERR_TLS') || code.includes('CERT'))
  ) {
    return make('network', TEXT.unreachableCode, { code })
  }
  if (error instanceof TypeError && detail === 'fetch failed') {
    return make('network', TEXT.unreachable)
  }
  if (name === 'AbortError') return make('cancelled', TEXT.cancelled)
  return make('internal', TEXT.unexpected, { detail })
}

// fetch wraps the socket error: TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }), sometimes twice.
function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Object && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

// A verify may have put the request URL (with ?key=…) into its message; the key must not reach the UI or logs.
// When it did, the original error is dropped rather than kept as `cause`, where a logger would print it.
// The error's values (the host's words, an address) are masked the same way: they are shown too.
function notSaved(error: FiledockError, apiKey: string, note: NotSaved): FiledockError {
  const hide = (text: string) => {
    let out = text
    for (const form of new Set([apiKey, encodeURIComponent(apiKey)])) out = out.split(form).join('••••')
    return out
  }
  const message = hide(error.message)
  const values: ErrorValues = {}
  for (const [name, value] of Object.entries(error.values ?? {}))
    values[name] = typeof value === 'string' ? hide(value) : value
  // The error's own words are the cause, in the reader's language when they have an id (error-text.ts).
  const cause = causeValues({ ...error.toJSON(), message, values })
  const wrapped = translatedError(
    { kind: error.kind, ...(error.operation !== undefined ? { operation: error.operation } : {}) },
    TEXT.notSaved,
    { ...cause, note },
  )
  const data = { ...error.toJSON(), ...wrapped.toJSON() }
  return message === error.message ? new FiledockError(data, { cause: error }) : new FiledockError(data)
}

/** What a refused key leaves unsaved: a new account, or a change to one. */
export type NotSaved = 'account' | 'change'

const TEXT = defineMessages({
  deadline: {
    id: 'errors.accounts.verifyDeadline',
    defaultMessage: '{baseUrl} did not answer within {seconds, number} s.',
  },
  noAnswer: { id: 'errors.accounts.verifyNoAnswer', defaultMessage: '{baseUrl} did not answer in time.' },
  unreachableCode: {
    id: 'errors.accounts.unreachableCode',
    defaultMessage: 'Could not reach {baseUrl} ({code}). Check the address and the connection.',
  },
  unreachable: {
    id: 'errors.accounts.unreachable',
    defaultMessage: 'Could not reach {baseUrl}. Check the address and the connection.',
  },
  cancelled: { id: 'errors.accounts.verifyCancelled', defaultMessage: 'Checking the key was cancelled.' },
  unexpected: {
    id: 'errors.accounts.verifyUnexpected',
    defaultMessage: 'Checking the key with {baseUrl} failed unexpectedly: {detail}',
  },
  notSaved: {
    id: 'errors.accounts.notSaved',
    defaultMessage:
      '{cause} {note, select, account {The account was not saved.} other {The change was not saved.}}',
  },
})
