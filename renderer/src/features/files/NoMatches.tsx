import { useQueries } from '@tanstack/react-query'
import { FormattedMessage, useIntl } from 'react-intl'
import { api } from '../../app/bridge.ts'
import { EmptyState } from '../../components/States.tsx'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { type IndexQuery, type Selection, type WiderSearch, widerSearches } from './index-query.ts'
import { usePane } from './pane-store.ts'

/**
 * A search that found nothing: where it looked, and for each wider scope how many it would find (counted by main's
 * index from its totals, no row read) with a button that searches there; a wider scope that finds none says so.
 */
export function NoMatches({ query, search }: { query: IndexQuery; search: string }) {
  const intl = useIntl()
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
    <EmptyState
      icon="search"
      title={intl.formatMessage({ id: 'files.noMatches.title', defaultMessage: 'No matches' })}
    >
      <p>
        <FormattedMessage
          id="files.noMatches.lookedAt"
          defaultMessage="{where, select, accountTree {No file or folder names in this account contain “{search}”.} subtree {No file or folder names in this folder or its subfolders contain “{search}”.} folder {No file or folder names in this folder contain “{search}”.} account {No file names in this account contain “{search}”.} other {No file names in any account contain “{search}”.}}"
          values={{ where: lookedAt(query), search: <span translate="no">{search}</span> }}
        />
      </p>
      {wider.length > 0 ? (
        <ul
          className="wider-searches"
          aria-label={intl.formatMessage({ id: 'files.noMatches.wider', defaultMessage: 'Wider searches' })}
        >
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
  const where = search.scope
  if (files === undefined)
    return (
      <span className="muted">
        <FormattedMessage
          id="files.noMatches.looking"
          defaultMessage="{where, select, account {Looking in the whole account…} other {Looking in all accounts…}}"
          values={{ where }}
        />
      </span>
    )
  if (files === 0)
    return (
      <span>
        <FormattedMessage
          id="files.noMatches.noneWider"
          defaultMessage="{where, select, account {None in the whole account either.} other {None in all accounts either.}}"
          values={{ where }}
        />
      </span>
    )
  return (
    <button
      type="button"
      className="btn"
      onClick={() => {
        // The button goes with this view: focus moves to the switch, which now names where the search looks.
        document.querySelector<HTMLElement>('select.scope-select')?.focus()
        usePane.getState().setSearchScope(search.scope)
      }}
    >
      <FormattedMessage
        id="files.noMatches.searchWider"
        defaultMessage="{where, select, account {Search the whole account: {count, plural, one {# match} other {# matches}}} other {Search all accounts: {count, plural, one {# match} other {# matches}}}}"
        values={{ where, count: files }}
      />
    </button>
  )
}

/** What the search looked at (a search across folders lists files; one from a folder, its folders too). */
function lookedAt(query: IndexQuery): string {
  switch (query.scope.kind) {
    case 'subtree':
      return query.scope.fldId === 0 ? 'accountTree' : 'subtree'
    default:
      return query.scope.kind
  }
}
