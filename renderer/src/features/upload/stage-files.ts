import type { IntlShape } from 'react-intl'
import { stagePath } from '../../../../shared/ipc/staging.ts'
import type { StagedAnswer } from '../../../../shared/ipc/staging-schemas.ts'
import type { StagingProgress } from '../../state/upload-store.ts'
import type { PickedTree } from './dropped-files.ts'

/** Files sent at once: enough to hide per-request latency, few enough to keep each one moving. */
const PARALLEL = 3

/**
 * The browser host's way to queue dropped files: each is streamed (PUT, the body read from disk by the
 * browser) to the host's staging route (shared/ipc/staging.ts), then the staged top-level paths it answers are queued
 * like any local path. Same cookie and Origin checks as the rest of the host. Resolves to those paths, in drop
 * order; rejects on the first file the host refused (nothing is queued then).
 */
export async function stageTree(
  intl: IntlShape,
  tree: PickedTree,
  onProgress: (progress: StagingProgress) => void,
): Promise<string[]> {
  // The answer's schema (zod) loads with the first drop the page stages, not before the window's first paint.
  const { stagedAnswerSchema } = await import('../../../../shared/ipc/staging-schemas.ts')
  const answerOf = (text: string): StagedAnswer | undefined =>
    stagedAnswerSchema.safeParse(parseJson(text)).data
  const stagingId = crypto.randomUUID()
  const progress: StagingProgress = {
    files: tree.files.length,
    filesDone: 0,
    bytes: tree.files.reduce((n, f) => n + f.file.size, 0),
    bytesSent: 0,
  }
  onProgress({ ...progress })
  const tops = new Map<string, string>()
  const remember = (relPath: string, top: string) => tops.set(relPath.split('/')[0] as string, top)

  for (const dir of tree.emptyDirs)
    remember(
      dir,
      await put(intl, stagePath({ stagingId, relPath: dir, folder: true }), null, () => undefined, answerOf),
    )
  let next = 0
  const worker = async () => {
    while (next < tree.files.length) {
      const picked = tree.files[next++]
      if (!picked) return
      let sent = 0
      const top = await put(
        intl,
        stagePath({ stagingId, relPath: picked.relPath, folder: false }),
        picked.file,
        (bytes) => {
          progress.bytesSent += bytes - sent
          sent = bytes
          onProgress({ ...progress })
        },
        answerOf,
      )
      progress.bytesSent += picked.file.size - sent
      progress.filesDone++
      onProgress({ ...progress })
      remember(picked.relPath, top)
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, tree.files.length) }, worker))
  // In drop order, not in the order the files finished.
  const order = [
    ...new Set([...tree.files.map((f) => f.relPath), ...tree.emptyDirs].map((p) => p.split('/')[0])),
  ]
  return order.flatMap((name) => {
    const top = tops.get(name as string)
    return top ? [top] : []
  })
}

/** XMLHttpRequest rather than fetch: it reports upload progress, which a big file needs. */
function put(
  intl: IntlShape,
  url: string,
  body: File | null,
  onSent: (bytes: number) => void,
  answerOf: (text: string) => StagedAnswer | undefined,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('PUT', new URL(url, window.location.origin).href)
    xhr.upload.onprogress = (e) => onSent(e.loaded)
    xhr.onload = () => {
      if (xhr.status !== 201) {
        // The host's own words when it gave some.
        reject(
          new Error(
            xhr.responseText.trim() ||
              intl.formatMessage(
                {
                  id: 'upload.staging.refused',
                  defaultMessage: 'The host refused the file (HTTP {status}).',
                },
                { status: String(xhr.status) },
              ),
          ),
        )
        return
      }
      const answer = answerOf(xhr.responseText)
      if (answer !== undefined) resolve(answer.top)
      else
        reject(
          new Error(
            intl.formatMessage({
              id: 'upload.staging.unexpected',
              defaultMessage: 'Filedock answered something unexpected while receiving a file.',
            }),
          ),
        )
    }
    xhr.onerror = () =>
      reject(
        new Error(
          intl.formatMessage({
            id: 'upload.staging.lost',
            defaultMessage: 'The connection to Filedock was lost while sending a file.',
          }),
        ),
      )
    xhr.send(body)
  })
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
