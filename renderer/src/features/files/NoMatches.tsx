import { useQueries } from '@tanstack/react-query'
import { api } from '../../app/bridge.ts'
import { EmptyState } from '../../components/States.tsx'
import { call } from '../../lib/call.ts'
import { formatNumber } from '../../lib/format.ts'
import { keys } from '../../lib/query-keys.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { type IndexQuery, type Selection, type WiderSearch, widerSearches } from './index-query.ts'
import { usePane } from './pane-store.ts'

/**
 * A search that found nothing: where it looked, and for each wider scope how many it would find (counted by main's
 * index from its totals, no row read) with a button that searches there; a wider scope that finds none says so.
 */
export function NoMatches({ query, search }: { query: IndexQuery; search: string }) {
  const { data } = useAccounts()
  const wider = widerSearches(query, data?.accounts.length ?? 1)
  const counts = useQueries({
    queries: wider.map((w) => {
      const selection: Selection = { kind: 'query', query: w.query, except: [] }
      return {
        queryKey: keys.indexSummary(selection),
        queryFn: () => call(api.index.summarize({ selection })),
      }
    }),
  })
  return (
    <EmptyState icon="search" title="No matches">
      <p>
        No {lookedAt(query)} contain “{search}”.
      </p>
      {wider.length > 0 ? (
        <ul className="wider-searches" aria-label="Wider searches">
          {wider.map((w, i) => (
            <li key={w.scope}>
              <WiderItem search={w} files={counts[i]?.data?.files} />
            </li>
          ))}
        </ul>
      ) : null}
    </EmptyState>
  )
}

function WiderItem({ search, files }: { search: WiderSearch; files: number | undefined }) {
  if (files === undefined) return <span className="muted">Looking in {search.where}…</span>
  if (files === 0) return <span>None in {search.where} either.</span>
  return (
    <button
      type="button"
      className="btn"
      onClick={() => {
        // The button goes with this view: focus moves to the switch, which now names where the search looks.
        document.querySelector<HTMLElement>('select[aria-label="Search in"]')?.focus()
        usePane.getState().setSearchScope(search.scope)
      }}
    >
      Search {search.where}: {formatNumber(files)} {files === 1 ? 'match' : 'matches'}
    </button>
  )
}

/** What the search looked at (a search across folders lists files; one from a folder, its folders too). */
function lookedAt(query: IndexQuery): string {
  switch (query.scope.kind) {
    case 'subtree':
      return query.scope.fldId === 0
        ? 'file or folder names in this account'
        : 'file or folder names in this folder or its subfolders'
    case 'folder':
      return 'file or folder names in this folder'
    case 'account':
      return 'file names in this account'
    case 'all-accounts':
      return 'file names in any account'
  }
}
