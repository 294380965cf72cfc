import { defineMessages } from '@formatjs/intl'
import pLimit from 'p-limit'
import type { DownloadProblem, DownloadWhat } from '../../shared/downloads.ts'
import { isFiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { ApiClient } from '../api/client.ts'
import type { DownloadSource } from '../queue/download-plan.ts'
import { apiFolderContents } from '../queue/folder-contents.ts'
import { problemText } from '../queue/problem-text.ts'

/**
 * The files of a download request, read from the host through the API: where there is no account index (the CLI),
 * and for codes the index does not know (the app). file/info for codes; for a folder, file/list of each folder
 * (names and sizes) and folder/list for its subfolders, walked down when recursive; the whole account is the root
 * folder, recursive. Each file's relDir is the host's folder names from the requested folder down, so the tree is
 * mirrored on disk (the names are made safe later, by the plan).
 *
 * Folders are read at most FOLDERS_AT_ONCE at a time (the host's patience, as the index's crawl keeps to 3); a
 * folder seen twice (a host whose parent ids loop) is read once.
 */

const FOLDERS_AT_ONCE = 3

export interface ResolvedFiles {
  files: DownloadSource[]
  /** Codes the host does not know, and the like: left out, with the reason. */
  problems: DownloadProblem[]
}

/** The request's files; `batchId` and `selection` need the app's history and index, and are refused here. */
export async function hostFilesFromApi(
  client: ApiClient,
  accountId: string,
  what: DownloadWhat,
  signal?: AbortSignal,
): Promise<ResolvedFiles> {
  if ('codes' in what) return filesByCode(client, accountId, what.codes, signal)
  if ('fldId' in what) return filesOfFolder(client, accountId, what.fldId, what.recursive, signal)
  if ('all' in what) return filesOfFolder(client, accountId, 0, true, signal)
  throw translatedError({ kind: 'invalid_input' }, HOST_FILES.appOnly)
}

/** file/info of each code (the client sends them in batches); unknown codes become problems. */
export async function filesByCode(
  client: ApiClient,
  accountId: string,
  codes: readonly string[],
  signal?: AbortSignal,
): Promise<ResolvedFiles> {
  const unique = [...new Set(codes)]
  const out: ResolvedFiles = { files: [], problems: [] }
  if (unique.length === 0) return out
  for (const info of await client.fileInfo(unique, { signal })) {
    if (!info.found) {
      out.problems.push({
        fileCode: info.fileCode,
        ...problemText(HOST_FILES.noFile, { fileCode: info.fileCode }),
      })
      continue
    }
    out.files.push({ code: info.fileCode, name: info.name, size: info.size, relDir: [], accountId, fldId: 0 })
  }
  return out
}

async function filesOfFolder(
  client: ApiClient,
  accountId: string,
  root: number,
  recursive: boolean,
  signal?: AbortSignal,
): Promise<ResolvedFiles> {
  const contents = apiFolderContents(async () => client)
  const limit = pLimit(FOLDERS_AT_ONCE)
  const out: ResolvedFiles = { files: [], problems: [] }
  const seen = new Set<number>([root])
  const read = async (fldId: number, relDir: string[]): Promise<void> => {
    // folder/list also for a folder read alone: it is how a folder that does not exist is told from an empty one.
    const [files, subfolders] = await limit(() =>
      Promise.all([
        contents.list(accountId, fldId, signal),
        recursive || fldId === root ? client.subfolders(fldId, { signal }) : Promise.resolve([]),
      ]),
    )
    for (const f of files)
      out.files.push({ code: f.fileCode, name: f.name, size: f.size, relDir, accountId, fldId })
    const below = recursive ? subfolders.filter((s) => !seen.has(s.fldId)) : []
    for (const s of below) seen.add(s.fldId)
    await Promise.all(below.map((s) => read(s.fldId, [...relDir, s.name])))
  }
  try {
    await read(root, [])
  } catch (err) {
    if (root !== 0 && isFiledockError(err) && err.kind === 'not_found' && out.files.length === 0) {
      throw translatedError({ kind: 'not_found' }, HOST_FILES.noFolder, { fldId: root })
    }
    throw err
  }
  return out
}

const HOST_FILES = defineMessages({
  noFile: {
    id: 'download.problem.noFile',
    defaultMessage: 'The host has no file {fileCode} in this account (deleted, or a mistyped code).',
  },
  appOnly: {
    id: 'errors.download.appOnly',
    defaultMessage: 'An upload batch or a selection of the file list can only be downloaded from the app.',
  },
  // A folder id is a number the CLI's user typed: written as typed, with no digit grouping.
  noFolder: {
    id: 'errors.download.noFolder',
    defaultMessage:
      'There is no folder {fldId} in this account on the host; nothing to download. 0 is the root folder.',
  },
})
