import type { EnqueueResult, QueueListener, QueueSnapshot } from '../../shared/queue.ts'
import type { PathsInput } from '../queue/engine.ts'

/**
 * What a watch needs of the upload queue: its public face (UploadEngine, the app's UploadQueue.engine(), the
 * CLI's engine all fit), so watching adds no second way of uploading.
 */
export interface WatchEngine {
  enqueuePaths(input: PathsInput): Promise<EnqueueResult>
  onEvent(listener: QueueListener): () => void
  snapshot(): QueueSnapshot
}
