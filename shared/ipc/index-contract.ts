import { z } from 'zod'
import type { FiledockErrorData } from '../errors.ts'
import type { IndexStatus, IndexWindow, LinksForSelection, SelectionSummary } from '../file-index.ts'
import { defineChannel } from './define-channel.ts'
import { accountId, accountScope, fileCode, folderId, searchText } from './fields.ts'
import { MAX_SELECTION_ITEMS, MAX_WINDOW } from './limits.ts'

/**
 * The account index half of the contract: main keeps every folder and file of each account in an embedded
 * database, and the renderer asks it for windows of rows (sorted, searched, across folders and accounts), so any
 * folder of any size is one query away. Spread into contract.ts, which checks the channel list.
 */

/**
 * Most links the link checker takes from one selection or folder: its table draws a row per link, and a host
 * polite at 3 calls a second answers 5,000 links (50 calls of 100) in under 20 s.
 */
export const MAX_LINKS_TO_CHECK = 5_000

export const indexSortKeySchema = z.enum(['name', 'size', 'uploaded', 'downloads'])
export const sortDirSchema = z.enum(['asc', 'desc'])

/**
 * What a window is cut from. `folder`: the rows of one folder (its subfolders first, then its files) of one
 * account; `subtree`: the same for the folder and every folder below it, at any depth (a search from a folder);
 * `account`: every file of one account ("All files", or a search everywhere); `all-accounts`: every file of every
 * account. A search narrows any scope to names containing the text (case-insensitive).
 */
export const indexScopeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('folder'), ...accountScope, fldId: folderId }),
  z.strictObject({ kind: z.literal('subtree'), ...accountScope, fldId: folderId }),
  z.strictObject({ kind: z.literal('account'), ...accountScope }),
  z.strictObject({ kind: z.literal('all-accounts') }),
])

export const indexQuerySchema = z.strictObject({
  scope: indexScopeSchema,
  search: searchText.optional(),
  sort: z.strictObject({ key: indexSortKeySchema, dir: sortDirSchema }),
})

/** A file picked by the user, named by account and code. */
const pickedFile = z.strictObject({ accountId, fileCode })

/**
 * What a selection-wide action acts on: the whole result of a query (Ctrl+A: all 100,000, not the loaded rows),
 * less the files the user unticked; or an explicit list of files. Folders in a query's result are never acted on
 * by file actions.
 */
export const selectionSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('query'),
    query: indexQuerySchema,
    except: z.array(pickedFile).max(MAX_SELECTION_ITEMS).default([]),
  }),
  z.strictObject({
    kind: z.literal('files'),
    files: z.array(pickedFile).min(1, 'Select at least one file').max(MAX_SELECTION_ITEMS),
  }),
])

export const indexContract = {
  /** One window of a query's result, with the result's total; answered from the index, never the host. */
  'index.query': defineChannel<IndexWindow>()(
    z.strictObject({
      query: indexQuerySchema,
      offset: z.number().int().min(0).max(100_000_000),
      limit: z.number().int().min(1).max(MAX_WINDOW),
    }),
  ),
  /** Where each account's index stands (crawl progress, last full crawl, warnings). */
  'index.status': defineChannel<IndexStatus[]>()(z.strictObject({})),
  /**
   * Revalidate one folder against the host (opening a folder does this by itself), or with no fldId re-crawl the
   * whole account (Refresh, F5). Returns at once; progress and changes arrive as events.
   */
  'index.refresh': defineChannel<null>()(z.strictObject({ ...accountScope, fldId: folderId.optional() })),
  /** Count and total size of a selection ("100,000 selected · 1.2 TB"). */
  'index.summarize': defineChannel<SelectionSummary>()(z.strictObject({ selection: selectionSchema })),
  /**
   * The page links of a selection, built in main (a 100,000-file selection is never assembled in the page). The
   * Electron host writes them to the clipboard itself (`copied: true`, no text sent); the browser host returns the
   * text for the page to copy.
   */
  'index.copyLinks': defineChannel<LinksForSelection>()(z.strictObject({ selection: selectionSchema })),
  /**
   * The page links of a selection for the link checker, sent to the page (never to the clipboard); a selection of
   * more than MAX_LINKS_TO_CHECK files is refused with the count.
   */
  'index.links': defineChannel<{ links: string[] }>()(z.strictObject({ selection: selectionSchema })),
  /**
   * Moves every file of a selection into one folder of its account, in main, with per-file outcomes; `from` names
   * the files it moved by the folder each left, so an undo can send each group back (files already in the target
   * are counted as moved but are in no group).
   */
  'index.moveSelection': defineChannel<{
    moved: number
    failed: Array<{ accountId: string; fileCode: string; name: string; error: FiledockErrorData }>
    from: Array<{ fldId: number; fileCodes: string[] }>
  }>()(
    z.strictObject({
      selection: selectionSchema,
      ...accountScope,
      fldId: folderId,
      /** Only files still in this folder move (an undo); the others are reported as moved elsewhere since. */
      onlyFrom: folderId.optional(),
    }),
  ),
  /** A file's row as the index has it (for the details panel before file/info answers). */
  'index.file': defineChannel<IndexWindow['rows'][number] | null>()(
    z.strictObject({ ...accountScope, fileCode }),
  ),
} as const
