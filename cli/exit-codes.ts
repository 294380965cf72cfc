import type { ErrorKind } from '../shared/errors.ts'

/**
 * Exit codes of `filedock`, one per group of error kinds so scripts can branch without parsing messages.
 * Listed in `filedock --help` with their meanings (cli/help.ts, in the user's language).
 */
export const exitCodes = {
  ok: 0,
  internal: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  network: 5,
  server: 6,
  malformed: 7,
  keychain: 8,
  partial: 9,
  forbidden: 10,
  localDisk: 11,
  mismatch: 12,
  cancelled: 130,
} as const

export function exitCodeFor(kind: ErrorKind): number {
  switch (kind) {
    case 'invalid_input':
      return exitCodes.usage
    case 'auth':
      return exitCodes.auth
    // Not 3: the key is fine, so a script must not ask for a new one.
    case 'forbidden':
      return exitCodes.forbidden
    case 'not_found':
      return exitCodes.notFound
    case 'network':
    case 'timeout':
      return exitCodes.network
    case 'server':
    case 'rate_limited':
      return exitCodes.server
    case 'malformed':
      return exitCodes.malformed
    case 'keychain':
      return exitCodes.keychain
    case 'local_disk':
      return exitCodes.localDisk
    case 'cancelled':
      return exitCodes.cancelled
    case 'internal':
      return exitCodes.internal
  }
}
