import type { IntlShape } from 'react-intl'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { MAX_SELECTION_ITEMS } from '../../../../shared/ipc/limits.ts'
import { useSelection } from '../../state/selection-store.ts'
import type { Selection } from './index-query.ts'

type State = ReturnType<typeof useSelection.getState>

/**
 * The selection as main takes it: Ctrl+A is the query less the unticked files; picks are their files. null when
 * nothing is selected. Throws a message for the user when the picks are more than one call carries.
 */
export function selectionOf(s: Pick<State, 'all' | 'picked' | 'except'>, intl: IntlShape): Selection | null {
  const strip = (r: IndexFileRow) => ({ accountId: r.accountId, fileCode: r.fileCode })
  if (s.all) {
    if (s.except.size > MAX_SELECTION_ITEMS)
      throw new Error(
        intl.formatMessage(
          {
            id: 'files.selection.tooManyUnticked',
            defaultMessage: 'Untick at most {max, number} files of a whole selection',
          },
          { max: MAX_SELECTION_ITEMS },
        ),
      )
    return { kind: 'query', query: s.all, except: [...s.except.values()].map(strip) }
  }
  if (s.picked.size === 0) return null
  if (s.picked.size > MAX_SELECTION_ITEMS)
    throw new Error(
      intl.formatMessage(
        {
          id: 'files.selection.tooManyPicked',
          defaultMessage: 'Pick at most {max, number} files one by one; Ctrl+A selects any number',
        },
        { max: MAX_SELECTION_ITEMS },
      ),
    )
  return { kind: 'files', files: [...s.picked.values()].map(strip) }
}

/** The picked files' rows (empty for a Ctrl+A selection, whose rows stay in main). */
export const pickedRows = (): IndexFileRow[] => [...useSelection.getState().picked.values()]

/** The one account a selection's files are in, or null when they span accounts (or nothing is selected). */
export function selectionAccount(s: Pick<State, 'all' | 'picked'>): string | null {
  if (s.all) return s.all.scope.kind === 'all-accounts' ? null : (s.all.scope.accountId ?? null)
  const accounts = new Set([...s.picked.values()].map((r) => r.accountId))
  return accounts.size === 1 ? ([...accounts][0] ?? null) : null
}
