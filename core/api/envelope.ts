import { defineMessages } from '@formatjs/intl'
import { type ErrorKind, FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { redactSecrets } from '../logging/redact.ts'
import { hasControlChars } from './validate.ts'

/**
 * The response envelope ({status, msg, server_time, result}) and how a failure inside it becomes a typed error.
 *
 * The spec shows only success (status 200, msg OK / WORKING); error shapes are "not shown". Hosts of this family
 * answer failures with HTTP 200 and an error `status` in the body, sometimes as a string, sometimes with only a
 * `msg`, so the decision here is: a numeric status other than 200 is a failure; with no status, a msg other than
 * OK / WORKING and no `result` is a failure; `server_time` is never required (file/list shows none). Video hosts
 * of the family write `success` (true / false, with their words in `message`) in place of `status`: with no
 * status, `success` decides.
 */

export interface HostFailure {
  operation: string
  /** The envelope's status, or the HTTP status when the body had none. */
  status?: number
  msg?: string
  retryAfterMs?: number
}

const SUCCESS_MSGS = new Set(['ok', 'working'])

/** Throws the typed error when `body` is an envelope that reports a failure; returns otherwise. */
export function assertEnvelopeOk(
  operation: string,
  body: unknown,
  apiKey: string,
  retryAfterMs?: number,
): void {
  const failure = envelopeFailure(operation, body)
  if (failure) throw hostError(retryAfterMs !== undefined ? { ...failure, retryAfterMs } : failure, apiKey)
}

/** The failure an envelope reports, or undefined for success and for bodies that are not envelopes. */
export function envelopeFailure(operation: string, body: unknown): HostFailure | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined
  const rec = body as Record<string, unknown>
  const msg = textOf(rec.msg) ?? textOf(rec.error)
  const withMsg = msg !== undefined ? { msg } : {}
  const status = statusOf(rec.status)
  if (status === 'garbled') return { operation, ...withMsg }
  if (status !== undefined) return status === 200 ? undefined : { operation, status, ...withMsg }
  const success = successOf(rec.success)
  if (success !== undefined) {
    const said = msg ?? textOf(rec.message)
    return success ? undefined : { operation, ...(said !== undefined ? { msg: said } : {}) }
  }
  if (msg === undefined || 'result' in rec) return undefined
  if (SUCCESS_MSGS.has(msg.trim().toLowerCase())) return undefined
  return { operation, msg }
}

function textOf(v: unknown): string | undefined {
  if (typeof v === 'string') return v
  if (typeof v === 'number') return String(v)
  return undefined
}

/** `success` as those hosts write it: a boolean, or its word. Anything else is no `success` at all. */
function successOf(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v
  if (v === 'true' || v === 'false') return v === 'true'
  return undefined
}

function statusOf(v: unknown): number | 'garbled' | undefined {
  if (v === undefined || v === null) return undefined
  if (typeof v === 'number' && Number.isInteger(v)) return v
  if (typeof v === 'string' && /^\s*\d{3}\s*$/.test(v)) return Number(v)
  // Some hosts of this family write the status as a word on success.
  if (typeof v === 'string' && SUCCESS_MSGS.has(v.trim().toLowerCase())) return 200
  return 'garbled'
}

const AUTH_MSG =
  /\b(invalid|wrong|bad|no|missing|unknown|expired|revoked)\b.*\b(api[ _-]?)?key\b|\bkey\b.*\b(invalid|wrong|missing|required)\b|\bunauthori[sz]ed\b|\bwrong auth\b/i
/**
 * The host's words for "this key works, but not for this": XFileSharing answers a function switched off for
 * the API with "This function not allowed in API" (status 403 in the body); others say "premium only".
 */
const FORBIDDEN_MSG =
  /\bnot allowed\b|\bnot permitted\b|\bpremium[ -]only\b|\bonly for premium\b|\bpremium (account|users?|members?) only\b|\bforbidden\b|\bno permission\b|\bpermission denied\b/i
const NOT_FOUND_MSG =
  /\bnot found\b|\bno (such )?(file|folder|session)s?\b|\b(does not|doesn't) exist\b|\binvalid (file[ _]?code|folder|fld_id|session|sess_id)\b|\bunknown (file|folder|session)\b/i
const RATE_MSG = /\btoo many\b|\brate[ -]?limit|\bslow down\b/i

/**
 * Sorts a failure into an error kind: status codes first, then the host's words. A 403 is `forbidden` (the key
 * was accepted, the operation is not allowed for it) unless the host's words blame the key: then it is `auth`.
 */
export function kindOf(status: number | undefined, msg: string | undefined): ErrorKind {
  const text = msg ?? ''
  if (status === 401) return 'auth'
  if (status === 403) return AUTH_MSG.test(text) ? 'auth' : 'forbidden'
  if (status === 404) return 'not_found'
  if (status === 429) return 'rate_limited'
  if (AUTH_MSG.test(text)) return 'auth'
  if (FORBIDDEN_MSG.test(text)) return 'forbidden'
  if (NOT_FOUND_MSG.test(text)) return 'not_found'
  if (RATE_MSG.test(text)) return 'rate_limited'
  // The host refusing a parameter is the caller's input being wrong, even though we could not catch it first.
  if (status === 400 || status === 422) return 'invalid_input'
  return 'server'
}

/** The host's own words, made safe to show: no key, no control characters, bounded length. */
export function hostWords(msg: string | undefined, apiKey: string): string | undefined {
  if (msg === undefined) return undefined
  const flat = [...redactSecrets(msg, [apiKey])].map((ch) => (hasControlChars(ch) ? ' ' : ch)).join('')
  const clean = flat.replace(/\s+/g, ' ').trim()
  if (clean === '') return undefined
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean
}

/** The host's own words behind an error hostError made (made safe), for what they teach (a lock-out's length). */
const saidBy = new WeakMap<FiledockError, string>()

export function hostWordsOf(err: unknown): string | undefined {
  return err instanceof FiledockError ? saidBy.get(err) : undefined
}

export function hostError(f: HostFailure, apiKey: string): FiledockError {
  const err = hostErrorOf(f, apiKey)
  const words = hostWords(f.msg, apiKey)
  if (words !== undefined) saidBy.set(err, words)
  return err
}

function hostErrorOf(f: HostFailure, apiKey: string): FiledockError {
  const kind = kindOf(f.status, f.msg)
  const words = hostWords(f.msg, apiKey)
  // The host's own words go in as they are, in every language: they are its, not ours.
  const said = { said: words ? 'yes' : 'no', words: words ?? '' }
  const data = {
    kind,
    operation: f.operation,
    ...(f.status !== undefined ? { status: f.status } : {}),
    ...(f.retryAfterMs !== undefined ? { retryAfterMs: f.retryAfterMs } : {}),
  }
  switch (kind) {
    case 'auth':
      return translatedError(data, HOST.auth, said)
    case 'forbidden':
      return translatedError(data, HOST.forbidden, said)
    case 'not_found':
      return translatedError(data, HOST.notFound, said)
    case 'rate_limited': {
      const wait =
        f.retryAfterMs !== undefined
          ? { wait: 'seconds', seconds: Math.ceil(f.retryAfterMs / 1000) }
          : { wait: 'later', seconds: 0 }
      return translatedError(data, HOST.rateLimited, { ...said, ...wait })
    }
    case 'invalid_input':
      return translatedError(data, HOST.refusedValue, said)
    default:
      return translatedError(data, HOST.failed, {
        ...said,
        ...(f.status !== undefined ? { hasStatus: 'yes', status: f.status } : { hasStatus: 'no', status: 0 }),
      })
  }
}

const HOST = defineMessages({
  auth: {
    id: 'errors.host.auth',
    defaultMessage:
      'The host rejected the API key while {action}{said, select, yes {: “{words}”} other {}}. Check that the key is correct and still active.',
  },
  forbidden: {
    id: 'errors.host.forbidden',
    defaultMessage:
      "The host does not allow {action} with this API key{said, select, yes {: “{words}”} other {}}. The key works; this host (or this account's plan) does not offer it through the API.",
  },
  notFound: {
    id: 'errors.host.notFound',
    defaultMessage:
      'The host could not find what was asked for while {action}{said, select, yes {: “{words}”} other {}}. It may have been deleted or moved.',
  },
  rateLimited: {
    id: 'errors.host.rateLimited',
    defaultMessage:
      'The host is limiting requests (while {action}){said, select, yes {: “{words}”} other {}}. Try again {wait, select, seconds {in {seconds} s} other {later}}.',
  },
  refusedValue: {
    id: 'errors.host.refusedValue',
    defaultMessage: 'The host refused a value while {action}{said, select, yes {: “{words}”} other {}}.',
  },
  failed: {
    id: 'errors.host.failed',
    defaultMessage:
      'The host reported a failure while {action}{said, select, yes {: “{words}”} other {}}{hasStatus, select, yes { (status {status})} other {}}.',
  },
})
