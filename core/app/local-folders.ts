import { constants } from 'node:fs'
import { access, mkdir, readdir, stat } from 'node:fs/promises'
import { homedir } from 'node:os'
import { dirname, join, normalize, parse, resolve } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import type { FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type {
  FolderPurpose,
  LocalFolderListing,
  LocalPlace,
} from '../../shared/ipc/local-folders-contract.ts'

/**
 * The machine's folders, for THE local-folder picker of the app (watch folders, their Done folder, where
 * downloads go). Under Electron the OS's own dialog is used; in the browser host the page browses with these.
 *
 * Why this is safe to offer the browser host's page: the host listens on 127.0.0.1 only, every call carries the
 * random access token and comes over a WebSocket whose Origin and Host are checked (web/), so the page is the
 * machine's own user at their own browser, who can see these folders in any file manager. Even so it answers
 * the least that choosing a folder needs: absolute paths in, folder names out. No file names, no sizes, no
 * contents, nothing read inside a file; hidden folders (a leading dot) are left out as file managers do.
 */

/** The place a picker opens at when it is given none and has no remembered choice for the purpose. */
export async function startPlace(purpose: FolderPurpose, home = homedir()): Promise<string> {
  if (purpose === 'downloads') {
    const downloads = join(home, 'Downloads')
    if (await isFolder(downloads)) return downloads
  }
  return home
}

/** The folders beside the list that everyone has: home, and those of its usual folders that exist; the disk's root. */
export async function places(home = homedir()): Promise<LocalPlace[]> {
  const out: LocalPlace[] = [{ kind: 'home', label: 'Home', path: home }]
  for (const name of ['Desktop', 'Documents', 'Downloads', 'Pictures']) {
    const path = join(home, name)
    if (await isFolder(path)) out.push({ kind: 'folder', label: name, path })
  }
  out.push({ kind: 'root', label: 'Computer', path: parse(resolve(home)).root })
  return out
}

/** The subfolders of `path` (by name, in the order people count), its parent, and the places. */
export async function listFolders(path: string, home = homedir()): Promise<LocalFolderListing> {
  const at = normalize(path)
  let entries: import('node:fs').Dirent[]
  try {
    entries = await readdir(at, { withFileTypes: true })
  } catch (error) {
    throw folderError(error, at)
  }
  const names: string[] = []
  for (const e of entries) {
    if (e.name.startsWith('.')) continue
    if (e.isDirectory() || (e.isSymbolicLink() && (await isFolder(join(at, e.name))))) names.push(e.name)
  }
  names.sort((a, b) => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' }))
  const up = dirname(at)
  return { path: at, parent: up === at ? null : up, folders: names, places: await places(home) }
}

/** Makes folder `name` inside `parent` (not its parents: the picker shows the parent, so it is there). */
export async function createFolder(parent: string, name: string): Promise<string> {
  const path = join(normalize(parent), name)
  try {
    await mkdir(path)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw translatedError({ kind: 'invalid_input' }, TEXT.exists, { name })
    throw folderError(error, parent)
  }
  return path
}

export async function isFolder(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory()
  } catch {
    return false
  }
}

/** Whether Filedock can list `path` (a remembered folder may have gone or lost its permissions). */
export async function canList(path: string): Promise<boolean> {
  if (!(await isFolder(path))) return false
  return access(path, constants.R_OK | constants.X_OK).then(
    () => true,
    () => false,
  )
}

function folderError(error: unknown, path: string): FiledockError {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT' || code === 'ENOTDIR') return notAFolder(path)
  if (code === 'EACCES' || code === 'EPERM')
    return translatedError({ kind: 'forbidden' }, TEXT.forbidden, { path })
  return translatedError({ kind: 'internal' }, TEXT.unreadable, { path, detail: String(error) })
}

/** A folder asked for that is not (or no longer) one. */
export function notAFolder(path: string): FiledockError {
  return translatedError({ kind: 'not_found' }, TEXT.notAFolder, { path })
}

const TEXT = defineMessages({
  exists: { id: 'errors.localFolders.exists', defaultMessage: '“{name}” is already there.' },
  notAFolder: { id: 'errors.localFolders.notAFolder', defaultMessage: '{path} is not a folder (any more).' },
  forbidden: { id: 'errors.localFolders.forbidden', defaultMessage: 'Filedock may not open {path}.' },
  unreadable: { id: 'errors.localFolders.unreadable', defaultMessage: 'Could not read {path}: {detail}' },
})
