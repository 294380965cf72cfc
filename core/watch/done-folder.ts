import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, extname } from 'node:path'
import type { FileState } from './stable-files.ts'

/**
 * Moves a sent file to its place under the Done folder, returning where it went, or null when it was left in
 * place because it changed after it was sent (a new version is not "done": it is sent on its own). A name
 * already taken in the Done folder gets " (2)", " (3)"… rather than replacing a file there.
 */
export async function moveToDone(file: FileState & { path: string }, target: string): Promise<string | null> {
  const now = await stat(file.path).catch(() => null)
  if (now === null || now.size !== file.size || now.mtimeMs !== file.mtimeMs) return null
  await mkdir(dirname(target), { recursive: true })
  const to = await freeName(target)
  try {
    await rename(file.path, to)
  } catch (error) {
    // Another disk: copy, then remove the original only once the copy is whole.
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
    await copyFile(file.path, to)
    await rm(file.path)
  }
  return to
}

async function freeName(target: string): Promise<string> {
  const ext = extname(target)
  const stem = target.slice(0, target.length - ext.length)
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? target : `${stem} (${n})${ext}`
    if ((await stat(candidate).catch(() => null)) === null) return candidate
  }
}
