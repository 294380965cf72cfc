/**
 * The browser host's one call outside the WebSocket contract: a browser never reveals the local path of a
 * dropped file, so the page streams each file to the host (`PUT /stage/<stagingId>/<relPath>`, the body being
 * the file's bytes), then queues the staged paths the host answers with queue.enqueuePaths like any local path.
 * It is a plain HTTP request rather than a contract channel because only HTTP streams a body of any size with
 * upload progress. Electron has no staging: it hands main the dropped files' real paths. The schemas are in
 * staging-schemas.ts, which the page loads only when it stages a drop (zod stays out of its first paint).
 */

export const STAGE_PREFIX = '/stage/'

/** One file (or, with `folder`, one empty folder) of a drop, at `relPath` (`photos/2024/a.jpg`) in it. */
export interface StageRequest {
  stagingId: string
  relPath: string
  folder: boolean
}

/** The request's path: each segment percent-encoded, a trailing `/` for a folder. */
export function stagePath(r: StageRequest): string {
  const segments = r.relPath
    .split('/')
    .filter((s) => s !== '')
    .map(encodeURIComponent)
  return `${STAGE_PREFIX}${r.stagingId}/${segments.join('/')}${r.folder ? '/' : ''}`
}
