import { defineMessages } from '@formatjs/intl'
import type { ErrorKind, ErrorValues, FiledockError } from '../../shared/errors.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'

/**
 * electron-updater's failures in words for the person reading Settings. Its errors carry a `code`: its own
 * (ERR_UPDATER_…, ERR_CHECKSUM_MISMATCH), HTTP_ERROR_<status>, or Node's and Chromium's network codes; the
 * message (URLs, stacks, the raw feed) goes to the log only.
 */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
])

const UNREADABLE = new Set([
  'ERR_UPDATER_INVALID_UPDATE_INFO',
  'ERR_UPDATER_NO_FILES_PROVIDED',
  'ERR_UPDATER_NO_CHECKSUM',
  'ERR_UPDATER_INVALID_VERSION',
])

export function updateError(error: unknown): FiledockError {
  const code = codeOf(error)
  const message = error instanceof Error ? error.message : String(error)
  const said = (text: ErrorMessage, kind: ErrorKind, values?: ErrorValues) =>
    translatedError({ kind }, text, values)
  if (code === 'ERR_CHECKSUM_MISMATCH') return said(TEXT.checksum, 'malformed')
  if (code === 'ERR_UPDATER_INVALID_SIGNATURE') return said(TEXT.signature, 'malformed')
  if (code !== null && UNREADABLE.has(code)) return said(TEXT.unreadable, 'malformed')
  if (code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND') return said(TEXT.noChannel, 'not_found')
  const http = code?.match(/^HTTP_ERROR_(\d{3})$/)
  if (http) return said(TEXT.http, 'server', { status: String(http[1]) })
  if (
    (code !== null && UNREACHABLE.has(code)) ||
    /^net::ERR_/.test(message) ||
    /socket hang up/.test(message)
  ) {
    return said(TEXT.unreachable, 'network')
  }
  if (code === 'ENOSPC') return said(TEXT.noSpace, 'local_disk')
  const firstLine = message.split('\n')[0]?.slice(0, 200) ?? ''
  return said(TEXT.failed, 'internal', { hasDetail: firstLine === '' ? 'no' : 'yes', detail: firstLine })
}

function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : null
}

const TEXT = defineMessages({
  checksum: {
    id: 'errors.updates.checksum',
    defaultMessage:
      'The downloaded update did not match the checksum its feed published, so it was thrown away.',
  },
  signature: {
    id: 'errors.updates.signature',
    defaultMessage: 'The downloaded update is not signed by Filedock’s publisher, so it was thrown away.',
  },
  unreadable: {
    id: 'errors.updates.unreadable',
    defaultMessage: 'The update server’s answer could not be read.',
  },
  noChannel: {
    id: 'errors.updates.noChannel',
    defaultMessage: 'The update server has no updates for this system.',
  },
  // {status}: the HTTP status code, as digits.
  http: {
    id: 'errors.updates.http',
    defaultMessage: 'The update server answered with an error (HTTP {status}).',
  },
  unreachable: {
    id: 'errors.updates.unreachable',
    defaultMessage: 'The update server could not be reached: offline, or the server is down.',
  },
  noSpace: {
    id: 'errors.updates.noSpace',
    defaultMessage: 'There is not enough free disk space to download the update.',
  },
  failed: {
    id: 'errors.updates.failed',
    defaultMessage:
      'Looking for updates failed: {hasDetail, select, yes {{detail}} other {no reason was given}}.',
  },
})
