import type { FiledockErrorData } from '../errors.ts'
import { causeKey, MAX_CAUSE_DEPTH } from './cause-values.ts'

/**
 * An error read back from where Filedock keeps it across restarts, in the shape this version's messages word.
 * Called where the upload queue's journal is read (core/queue/queue-store.ts), the one store that kept keychain
 * errors as they were: an index warning kept the keychain's failure one `{cause}` under getApiKey's "Account …"
 * message, whose id took the keychain message's place, so it reads as its English. Errors made by this version
 * already have this shape.
 *
 * Keychain messages named the key store (Secret Service, macOS Keychain) `{label}` until they took `{keyStore}`,
 * since `{label}` is an account's name in the messages that wrap them ("{label}: {cause}"). An error stored before
 * carries `label` alone, and its message would read with a hole where the key store goes: `keyStore` is added
 * from it. Only when the error or one of its causes is a keychain message: elsewhere `label` is an account's.
 */
export function storedError(data: FiledockErrorData): FiledockErrorData {
  const values = data.values
  if (values === undefined || typeof values.label !== 'string' || values.keyStore !== undefined) return data
  const causeIds = Array.from({ length: MAX_CAUSE_DEPTH }, (_, at) => values[causeKey(at + 1, 'Id')])
  const keychain = [data.messageId, ...causeIds].some(
    (id) => typeof id === 'string' && id.startsWith('errors.keychain.'),
  )
  if (!keychain) return data
  return { ...data, values: { ...values, keyStore: values.label } }
}
