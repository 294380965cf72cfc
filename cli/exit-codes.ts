import type { ErrorKind } from '../shared/errors.ts'

/**
 * Exit codes of `filedock`, one per group of error kinds so scripts can branch without parsing messages.
 * Listed in `filedock --help` from this table.
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

export const exitCodeHelp: ReadonlyArray<[number, string]> = [
  [exitCodes.ok, 'success'],
  [exitCodes.internal, 'unexpected internal error (a bug)'],
  [exitCodes.usage, 'usage error or invalid argument (nothing was sent)'],
  [exitCodes.auth, 'API key missing or rejected'],
  [exitCodes.notFound, 'file, folder or upload session not found'],
  [exitCodes.network, 'network failure or timeout'],
  [exitCodes.server, 'the host reported a failure or is rate-limiting'],
  [exitCodes.malformed, 'the host answered something unreadable'],
  [exitCodes.keychain, 'the OS keychain failed'],
  [exitCodes.partial, 'upload: some files failed or were left out (the rest went through; see stderr)'],
  [exitCodes.forbidden, 'the key works, but the host does not allow this action for it'],
  [exitCodes.localDisk, 'the local disk refused: full, folder not writable, or a name it cannot hold'],
  [
    exitCodes.mismatch,
    'verify: a file differs from its copy on the host, is missing there, or was not checked',
  ],
  [exitCodes.cancelled, 'cancelled (Ctrl-C)'],
]

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
