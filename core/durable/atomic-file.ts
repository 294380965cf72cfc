import { randomBytes } from 'node:crypto'
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { syncFolder } from './folder-sync.ts'
import { processAlive } from './process-alive.ts'

/**
 * Replaces `path` so that a crash leaves either the old or the new content, never a torn file: write a temp
 * file in the same folder, fsync it, rename it over the target, then fsync the folder so the rename itself is
 * durable. Files are created owner-only (0600): they hold the user's accounts, queue and history.
 */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const dir = dirname(path)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  const temp = join(dir, `${tempPrefix(path)}${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    const handle = await open(temp, 'wx', 0o600)
    try {
      await handle.writeFile(data, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, path)
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined)
    throw error
  }
  await syncFolder(dir)
}

function tempPrefix(path: string): string {
  return `.${basename(path)}.`
}

/**
 * Removes the temp files of `path` that a process killed mid-write left behind (the target itself is whole:
 * the rename had not happened). Only those of processes that are gone: a live one may be writing its own.
 * Returns how many were removed.
 */
export async function removeStaleTemps(path: string): Promise<number> {
  const prefix = tempPrefix(path)
  let names: string[]
  try {
    names = await readdir(dirname(path))
  } catch {
    return 0
  }
  let removed = 0
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue
    const pid = Number(name.slice(prefix.length).split('.')[0])
    if (!Number.isInteger(pid) || processAlive(pid)) continue
    await rm(join(dirname(path), name), { force: true })
    removed++
  }
  return removed
}
