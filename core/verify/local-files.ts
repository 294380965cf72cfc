import { opendir, stat } from 'node:fs/promises'
import { join } from 'node:path'

export interface LocalFile {
  /** Under the verified folder, `/`-separated. */
  relPath: string
  path: string
  size: number
}

/**
 * Every regular file under `dir`, sub-folders included, as the host's tree mirrors them. A download's hidden
 * work file (`.<name>.<code>.filedock-part`) is not a file of the folder and is left out; symbolic links are
 * followed only when they point at a file (a linked folder could loop).
 */
export async function localFiles(dir: string): Promise<LocalFile[]> {
  const out: LocalFile[] = []
  const walk = async (abs: string, rel: string) => {
    for await (const entry of await opendir(abs)) {
      const path = join(abs, entry.name)
      const relPath = rel === '' ? entry.name : `${rel}/${entry.name}`
      if (entry.isDirectory()) await walk(path, relPath)
      else if (entry.name.endsWith('.filedock-part')) continue
      else if (entry.isFile() || entry.isSymbolicLink()) {
        const st = await stat(path).catch(() => null)
        if (st?.isFile()) out.push({ relPath, path, size: st.size })
      }
    }
  }
  await walk(dir, '')
  return out.sort((a, b) => (a.relPath < b.relPath ? -1 : a.relPath > b.relPath ? 1 : 0))
}
