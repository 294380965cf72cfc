import { FiledockError } from '../../../shared/errors.ts'
import type { Handlers } from '../../../shared/ipc/types.ts'

type IndexChannel =
  | 'index.query'
  | 'index.status'
  | 'index.refresh'
  | 'index.summarize'
  | 'index.copyLinks'
  | 'index.moveSelection'
  | 'index.file'

// PLACEHOLDER while core/index is built: every call fails with a clear message. To be replaced by the index.
export function indexHandlers(): Pick<Handlers, IndexChannel> {
  const unavailable = async (): Promise<never> => {
    throw new FiledockError({ kind: 'internal', message: 'The account index is not available yet' })
  }
  return {
    'index.query': unavailable,
    'index.status': unavailable,
    'index.refresh': unavailable,
    'index.summarize': unavailable,
    'index.copyLinks': unavailable,
    'index.moveSelection': unavailable,
    'index.file': unavailable,
  }
}
