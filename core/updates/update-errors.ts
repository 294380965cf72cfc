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

export function updateErrorMessage(error: unknown): string {
  const code = codeOf(error)
  const message = error instanceof Error ? error.message : String(error)
  if (code === 'ERR_CHECKSUM_MISMATCH') {
    return 'The downloaded update did not match the checksum its feed published, so it was thrown away.'
  }
  if (code === 'ERR_UPDATER_INVALID_SIGNATURE') {
    return 'The downloaded update is not signed by Filedock’s publisher, so it was thrown away.'
  }
  if (code !== null && UNREADABLE.has(code)) return 'The update server’s answer could not be read.'
  if (code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND') {
    return 'The update server has no updates for this system.'
  }
  const http = code?.match(/^HTTP_ERROR_(\d{3})$/)
  if (http) return `The update server answered with an error (HTTP ${http[1]}).`
  if (
    (code !== null && UNREACHABLE.has(code)) ||
    /^net::ERR_/.test(message) ||
    /socket hang up/.test(message)
  ) {
    return 'The update server could not be reached: offline, or the server is down.'
  }
  if (code === 'ENOSPC') return 'There is not enough free disk space to download the update.'
  const firstLine = message.split('\n')[0]?.slice(0, 200) ?? ''
  return `Looking for updates failed: ${firstLine || 'no reason was given'}.`
}

function codeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : null
}
