import { useQueries, useQueryClient } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import { useIntl } from 'react-intl'
import type { IndexFileRow, IndexRow, IndexWindow } from '../../../../shared/file-index.ts'
import { MAX_SELECTION_ITEMS } from '../../../../shared/ipc/limits.ts'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'
import type { IndexQuery } from './index-query.ts'

/**
 * Rows per window: five screens of rows, so a scroll of a screen rarely crosses into an unfetched window, and one
 * answer is ~60 KB over the bridge.
 */
export const WINDOW_ROWS = 200
/** Rows behind the ones in view (against the scrolling) whose windows stay fetched: a small step back is instant. */
const BEHIND_ROWS = 60
/**
 * Rows ahead of the ones in view, the way the list is scrolling, whose windows are fetched before they are needed:
 * a whole window, so at 10 rows a frame (600 rows a second) the next window is asked for a third of a second
 * before its first row comes into view, and rows scroll in with their content instead of a placeholder.
 */
const AHEAD_ROWS = WINDOW_ROWS
/**
 * How long a window scrolled past stays cached. Scrolling back soon is instant; after that it is fetched again
 * from main's local index in milliseconds. Keeping every window would end with the whole result in the page.
 */
const WINDOW_KEEP_MS = 15_000

/** What the whole result is: the pane sizes its scrollbar by `total` before any far row is fetched. */
export interface ResultShape {
  total: number
  folders: number
  totalSize: number
  complete: boolean
}

export interface IndexWindows {
  /** null until the first window of this query (or of the same place before a sort change) has answered. */
  shape: ResultShape | null
  error: Error | null
  /** The row at an index of the result, or undefined while its window is on its way. */
  rowAt: (index: number) => IndexRow | undefined
  /** The rows from..to in view: their windows (and the ones just beyond) are fetched. */
  show: (from: number, to: number) => void
  /** The files between two indexes, fetching the windows not yet here (a Shift range across far rows). */
  filesBetween: (from: number, to: number) => Promise<IndexFileRow[]>
  refetch: () => void
}

/**
 * The options of one window's query, made here and not inside the hook: a closure made in the hook would keep the
 * hook's whole render scope alive (V8 shares one context among a function's closures), and with it that render's
 * `windows`, whose queries hold closures of earlier renders, and so on: every row ever fetched would stay
 * reachable for as long as the list is scrolled, and the garbage collector's marking grew with it until frames
 * were dropped (33 ms frames after a minute of scrolling; e2e/scroll-memory.spec.ts).
 */
const windowQuery = (query: IndexQuery, w: number) => ({
  queryKey: keys.indexWindow(query, w * WINDOW_ROWS),
  queryFn: () => call(api.index.query({ query, offset: w * WINDOW_ROWS, limit: WINDOW_ROWS })),
  gcTime: WINDOW_KEEP_MS,
})

/**
 * The result of an index query as the pane sees it: only the windows around the rows in view are fetched and held
 * (react-query caches each under its own key, so scrolling back is instant and index changes refetch exactly
 * the windows on screen). The page never holds the whole result.
 */
export function useIndexWindows(query: IndexQuery, enabled: boolean): IndexWindows {
  const qc = useQueryClient()
  const intl = useIntl()
  // The span belongs to its query: another query (a new sort, another folder) starts at its top.
  const queryId = JSON.stringify(query)
  const [shown, setShown] = useState<{ queryId: string; span: readonly [number, number] }>({
    queryId,
    span: [0, 0],
  })
  const span = shown.queryId === queryId ? shown.span : ([0, 0] as const)
  const windows = useQueries({
    queries: range(span[0], span[1]).map((w) => ({ ...windowQuery(query, w), enabled })),
  })

  // A sort change or a refetch keeps the scrollbar as it was until the new answer is in (no flash of a spinner);
  // another place starts afresh. The place is the query without its sort.
  const place = JSON.stringify([query.scope, query.search ?? ''])
  const last = useRef<{ place: string; shape: ResultShape } | null>(null)
  let freshest: IndexWindow | undefined
  let updatedAt = -1
  for (const w of windows) {
    if (w.data && w.dataUpdatedAt > updatedAt) {
      freshest = w.data
      updatedAt = w.dataUpdatedAt
    }
  }
  if (freshest) {
    const { total, folders, totalSize, complete } = freshest
    last.current = { place, shape: { total, folders, totalSize, complete } }
  }
  const shape = last.current?.place === place ? last.current.shape : null

  const first = span[0]
  const rowAt = (index: number): IndexRow | undefined => {
    const w = Math.floor(index / WINDOW_ROWS)
    return windows[w - first]?.data?.rows[index - w * WINDOW_ROWS]
  }

  // Called on every scrolled frame: only a change of windows may touch state (and re-render the view).
  const shownNow = useRef(shown)
  shownNow.current = shown
  // Which way the rows in view last moved (down until the user scrolls up): the windows ahead are fetched that way.
  const scrolling = useRef({ from: 0, down: true })
  const show = useCallback(
    (from: number, to: number) => {
      const way = scrolling.current
      if (from !== way.from) scrolling.current = { from, down: from > way.from }
      const down = scrolling.current.down
      const lo = Math.floor(Math.max(0, from - (down ? BEHIND_ROWS : AHEAD_ROWS)) / WINDOW_ROWS)
      const hi = Math.floor(Math.max(0, to + (down ? AHEAD_ROWS : BEHIND_ROWS)) / WINDOW_ROWS)
      const now = shownNow.current
      if (now.queryId === queryId && now.span[0] === lo && now.span[1] === hi) return
      setShown({ queryId, span: [lo, hi] })
    },
    [queryId],
  )

  const filesBetween = async (from: number, to: number): Promise<IndexFileRow[]> => {
    const [lo, hi] = from <= to ? [from, to] : [to, from]
    if (hi - lo >= MAX_SELECTION_ITEMS)
      throw new Error(
        intl.formatMessage(
          {
            id: 'files.selection.shiftLimit',
            defaultMessage: 'Shift selects up to {max, number} files; Ctrl+A selects all of them',
          },
          { max: MAX_SELECTION_ITEMS },
        ),
      )
    const loaded = await Promise.all(
      range(Math.floor(lo / WINDOW_ROWS), Math.floor(hi / WINDOW_ROWS)).map((w) =>
        qc.ensureQueryData(windowQuery(query, w)),
      ),
    )
    const rows = loaded.flatMap((w) => w.rows.map((row, i) => [w.offset + i, row] as const))
    return rows.flatMap(([i, row]) => (i >= lo && i <= hi && row.kind === 'file' ? [row] : []))
  }

  const failed = windows.find((w) => w.error)
  return {
    shape,
    error: failed?.error ?? null,
    rowAt,
    show,
    filesBetween,
    refetch: () => {
      for (const w of windows) void w.refetch()
    },
  }
}

function range(from: number, to: number): number[] {
  const out: number[] = []
  for (let i = from; i <= to; i++) out.push(i)
  return out
}
