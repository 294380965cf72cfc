import type { Handlers } from '../../../shared/ipc/types.ts'
import type { ClientPool } from '../client-pool.ts'
import { PreviewReader } from '../preview-reader.ts'

/** Quick Look's reads of a file's bytes (preview-reader.ts). */
export function previewHandlers(pool: ClientPool): Pick<Handlers, 'files.previewBytes'> {
  const reader = new PreviewReader((accountId) => pool.get(accountId))
  return {
    'files.previewBytes': ({ accountId, fileCode, start, length }) =>
      reader.read(accountId, fileCode, start, length),
  }
}
