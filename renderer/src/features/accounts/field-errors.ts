import { FiledockError } from '../../../../shared/errors.ts'
import { errorMessage } from '../../lib/call.ts'

/** The form field a failed key check points at, so the user knows which one to correct. */
export type AccountField = 'baseUrl' | 'apiKey'

/**
 * Which field an error from adding or editing an account concerns. A refused key is the key's fault; a host
 * that cannot be reached, answers a page that is not the API, or says "no such address" is the address's
 * fault. Anything else (the keychain, a rule about the name) is shown for the whole form.
 */
export function fieldOf(error: FiledockError | null): AccountField | null {
  if (error === null) return null
  switch (error.kind) {
    case 'auth':
      return 'apiKey'
    case 'network':
    case 'timeout':
    case 'malformed':
    case 'not_found':
    case 'server':
      return 'baseUrl'
    default:
      return null
  }
}

/** A failure of the bridge or the store as a FiledockError, whatever was thrown. */
export function asFiledockError(error: unknown): FiledockError {
  if (error instanceof FiledockError) return error
  return new FiledockError({
    kind: 'internal',
    message: errorMessage(error),
  })
}
