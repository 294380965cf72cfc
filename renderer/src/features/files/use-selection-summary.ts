import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { useIntl } from 'react-intl'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'
import { useSelection } from '../../state/selection-store.ts'
import { selectionOf } from './selection.ts'

export interface SelectionCount {
  files: number
  totalSize: number
  /** A whole-result count still on its way from main (the previous figure is shown meanwhile). */
  pending: boolean
}

/**
 * How many files are selected and their size: summed here for picked files (their rows are here), counted by
 * main for a Ctrl+A selection (100,000 rows never come to the page). null when nothing is selected.
 */
export function useSelectionSummary(): SelectionCount | null {
  const all = useSelection((s) => s.all)
  const picked = useSelection((s) => s.picked)
  const except = useSelection((s) => s.except)
  const intl = useIntl()
  const selection = useMemo(() => {
    try {
      return all ? selectionOf({ all, picked, except }, intl) : null
    } catch {
      // Too many unticked files to send: the commands say so when used; no count meanwhile.
      return null
    }
  }, [all, picked, except, intl])
  const summary = useQuery({
    queryKey: keys.indexSummary(selection),
    enabled: selection !== null,
    queryFn: () => call(api.index.summarize({ selection: selection ?? never() })),
    placeholderData: keepPreviousData,
  })
  return useMemo(() => {
    if (all) {
      if (!summary.data) return { files: 0, totalSize: 0, pending: true }
      return { ...summary.data, pending: summary.isPlaceholderData || summary.isFetching }
    }
    if (picked.size === 0) return null
    let totalSize = 0
    for (const row of picked.values()) totalSize += row.size
    return { files: picked.size, totalSize, pending: false }
  }, [all, picked, summary.data, summary.isPlaceholderData, summary.isFetching])
}

function never(): never {
  throw new Error('no selection to count')
}
