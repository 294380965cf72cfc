import { stat } from 'node:fs/promises'
import { isAbsolute, relative, resolve } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import { FiledockError } from '../../../shared/errors.ts'
import { translatedError } from '../../../shared/i18n/error-text.ts'
import { type dragOutContract, NO_DRAG_OUT } from '../../../shared/ipc/drag-out-contract.ts'
import type { Handlers } from '../../../shared/ipc/types.ts'
import type { AccountStore } from '../../accounts/index.ts'
import type { DragCache } from '../../download/drag-cache.ts'
import { accountOf } from '../../index/query-scope.ts'
import { type DownloadFileSources, downloadFiles } from '../download-files.ts'

/**
 * Starts the OS's drag of local files from the window (Electron: webContents.startDrag, electron/shell/drag-out.ts).
 * Resolves once the drag has started.
 */
export type StartDrag = (paths: readonly string[]) => Promise<void>

export interface DragOutDeps {
  accounts: Pick<AccountStore, 'get'>
  /** The files of codes: the index first, the host for codes it does not hold (download-files.ts). */
  sources: DownloadFileSources
  /** Both absent where the host cannot drag to the OS (the browser host): the channels then say so. */
  cache?: DragCache | undefined
  startDrag?: StartDrag | undefined
}

export function dragOutHandlers(d: DragOutDeps): Pick<Handlers, keyof typeof dragOutContract> {
  const offered = () => {
    if (d.cache === undefined || d.startDrag === undefined)
      throw translatedError({ kind: 'invalid_input', operation: NO_DRAG_OUT }, TEXT.notOffered)
    return { cache: d.cache, startDrag: d.startDrag }
  }
  return {
    'drag.prepare': async ({ accountId, fileCodes }) => {
      const { cache } = offered()
      await d.accounts.get(accountId)
      const { files, problems } = await downloadFiles({ accountId, what: { codes: fileCodes } }, d.sources)
      // A drag carries the files the person picked, all of them or none: one the host no longer has is said.
      const problem = problems[0]
      if (problem !== undefined) {
        const { message, messageId, values } = problem
        throw new FiledockError({ kind: 'not_found', message, ...(messageId ? { messageId, values } : {}) })
      }
      return { paths: await cache.prepare(accountId, files) }
    },
    'drag.cached': async ({ accountId, fileCodes }) => {
      const { cache } = offered()
      // Index only: asked at each change of a window's selection, so it never waits for the host. A code the index
      // does not hold is answered not ready: its drag then asks prepare, which finds it on the host.
      const index = d.sources.index
      if (index === null) return { ready: [] }
      await index.index.opened()
      const id = accountOf(accountId, index.scope)
      const files = [...new Set(fileCodes)].flatMap((code) => {
        const row = index.index.file(id, code)
        return row === null ? [] : [{ code, name: row.name, size: row.size }]
      })
      return { ready: await cache.whole(id, files) }
    },
    'drag.start': async ({ paths }) => {
      const { cache, startDrag } = offered()
      // Only copies in the drag cache go to the OS: the page names paths, and a page is not trusted with others.
      for (const path of paths) {
        const inside = relative(cache.root, resolve(path))
        const file = await stat(path).catch(() => null)
        if (
          inside === '' ||
          inside.startsWith('..') ||
          isAbsolute(inside) ||
          resolve(path) !== path ||
          !file?.isFile()
        )
          throw translatedError({ kind: 'invalid_input', operation: NO_DRAG_OUT }, TEXT.notACopy, { path })
      }
      await startDrag(paths)
      return null
    },
  }
}

const TEXT = defineMessages({
  notOffered: {
    id: 'errors.dragOut.notOffered',
    defaultMessage: 'Files can be dragged out of the window only in the Filedock app. Use Download… instead.',
  },
  notACopy: {
    id: 'errors.dragOut.notACopy',
    defaultMessage: 'Refused to drag {path}: only copies Filedock fetched for a drag can be dragged out.',
  },
})
