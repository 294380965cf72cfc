import { randomUUID } from 'node:crypto'
import { defineMessages } from '@formatjs/intl'
import type { FiledockError } from '../../../shared/errors.ts'
import { translatedError } from '../../../shared/i18n/error-text.ts'
import { MAX_LINKS_TO_CHECK } from '../../../shared/ipc/index-contract.ts'
import type { Handlers } from '../../../shared/ipc/types.ts'
import { formatLinks } from '../../../shared/link-pack.ts'
import type { IndexService } from '../../index/index-service.ts'
import { throttledMoveProgress } from '../../index/move-progress.ts'
import { moveSelection } from '../../index/move-selection.ts'
import { accountOf, resolveQuery, type ScopeContext } from '../../index/query-scope.ts'
import type { ClientPool } from '../client-pool.ts'

type IndexChannel =
  | 'index.query'
  | 'index.status'
  | 'index.refresh'
  | 'index.summarize'
  | 'index.copyLinks'
  | 'index.links'
  | 'index.moveSelection'
  | 'index.file'

export interface IndexHandlerDeps {
  index: IndexService
  scope: ScopeContext
  pool: ClientPool
  /** Electron's clipboard: the links are copied in main and not sent; the browser host returns the text. */
  copyToClipboard?: ((text: string) => void) | undefined
  /**
   * The links the index keeps are the ones its listings gave; this moves those on a former link domain of their
   * account onto its current one (shared/links.ts currentLinks), so copied links work after a move.
   */
  currentLinks?: (() => (link: string) => string) | undefined
  log: (line: string) => void
}

/** The account index's channels: windows and selections answered from the index, refreshes run in the background. */
export function indexHandlers(d: IndexHandlerDeps): Pick<Handlers, IndexChannel> {
  const inBackground = (what: string, task: Promise<unknown>) => {
    task.catch((error: unknown) =>
      d.log(`Filedock: ${what} failed: ${error instanceof Error ? error.message : String(error)}`),
    )
  }
  const linksOf = (selection: Parameters<IndexService['selectedLinks']>[0]) => {
    const links = d.index.selectedLinks(selection, d.scope)
    if (d.currentLinks === undefined) return links
    return links.map(d.currentLinks())
  }
  // Each channel waits while the index file is readied (after an update, brought up to date: index-service.ts);
  // status answers during an upgrade, to say so.
  const handlers: Pick<Handlers, IndexChannel> = {
    'index.query': async ({ query, offset, limit }) => {
      const resolved = resolveQuery(query, d.scope)
      return d.index.window(resolved.query, resolved.accountIds, offset, limit)
    },
    'index.status': async () => d.index.status(),
    'index.refresh': async ({ accountId, fldId }) => {
      const id = accountOf(accountId, d.scope)
      if (fldId === undefined) inBackground('re-indexing the account', d.index.crawl(id))
      else inBackground('re-reading the folder', d.index.revalidate(id, fldId))
      return null
    },
    'index.summarize': async ({ selection }) => d.index.summarize(selection, d.scope),
    'index.copyLinks': async ({ selection }) => {
      const links = linksOf(selection)
      // The one link builder (shared/link-pack.ts), as for the files the renderer copies itself.
      const text = formatLinks(
        links.map((pageLink) => ({ pageLink })),
        'page',
      )
      if (d.copyToClipboard !== undefined && links.length > 0) {
        d.copyToClipboard(text)
        return { count: links.length, copied: true, text: null }
      }
      return { count: links.length, copied: false, text }
    },
    'index.links': async ({ selection }) => {
      // Counted before any link is built: a query by its totals (a Ctrl+A over 100,000 files is refused at once),
      // a list by its length.
      const files =
        selection.kind === 'query' ? d.index.summarize(selection, d.scope).files : selection.files.length
      if (files > MAX_LINKS_TO_CHECK)
        throw translatedError({ kind: 'invalid_input' }, TEXT.tooManyLinks, {
          max: MAX_LINKS_TO_CHECK,
          files,
        })
      return { links: linksOf(selection) }
    },
    'index.moveSelection': async ({ selection, accountId, fldId, onlyFrom }) => {
      const id = accountOf(accountId, d.scope)
      const { client } = await d.pool.get(id)
      // Every window gets the reports (a move started in another window shows its progress too).
      const moveId = randomUUID()
      const progress = throttledMoveProgress((p) => d.index.emitMoveProgress(moveId, id, fldId, p))
      const result = await moveSelection(selection, id, fldId, d.index, d.scope, client, progress, onlyFrom)
      if (result.moved > 0) d.index.emitChanged(id, result.changedFolders)
      return { moved: result.moved, failed: result.failed, from: result.from }
    },
    'index.file': async ({ accountId, fileCode }) => {
      const id = accountOf(accountId, d.scope)
      return d.index.file(id, fileCode)
    },
  }
  const gated = {} as Record<IndexChannel, unknown>
  for (const channel of Object.keys(handlers) as IndexChannel[]) {
    const handle = handlers[channel] as (input: never) => Promise<unknown>
    const ready = channel === 'index.status' ? () => d.index.answersStatus() : () => d.index.opened()
    gated[channel] = async (input: never) => {
      await ready()
      return handle(input)
    }
  }
  return gated as Pick<Handlers, IndexChannel>
}

/** When the index cannot open (no SQLite build for this Electron): every call says why, the rest of the app works. */
export function unavailableIndexHandlers(reason: FiledockError): Pick<Handlers, IndexChannel> {
  const unavailable = async (): Promise<never> => {
    throw reason
  }
  return {
    'index.query': unavailable,
    'index.status': unavailable,
    'index.refresh': unavailable,
    'index.summarize': unavailable,
    'index.copyLinks': unavailable,
    'index.links': unavailable,
    'index.moveSelection': unavailable,
    'index.file': unavailable,
  }
}

const TEXT = defineMessages({
  tooManyLinks: {
    id: 'errors.index.tooManyLinks',
    defaultMessage:
      'Check the links of up to {max, plural, one {# file} other {# files}} at a time; these are {files, number}.',
  },
})
