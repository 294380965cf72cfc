import { useMutation, useQuery } from '@tanstack/react-query'
import { MAX_HEALTH_IDS } from '../../../../shared/ipc/limits.ts'
import type { LinkCheckSummary, LinkHealth } from '../../../../shared/link-health.ts'
import { api } from '../../app/bridge.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { toast } from '../../state/toast-store.ts'
import { watchKeys } from '../watch/watch-keys.ts'

/**
 * What the last link check found for the loaded history entries (in calls of MAX_HEALTH_IDS), by entry id;
 * history.healthChanged (events.ts) refetches it after every check.
 */
export function useLinkHealth(ids: readonly string[]): Map<string, LinkHealth> {
  const { data } = useQuery({
    queryKey: [...watchKeys.health(), ids.length, ids[0] ?? '', ids.at(-1) ?? ''],
    enabled: ids.length > 0,
    queryFn: async () => {
      const out: LinkHealth[] = []
      for (let i = 0; i < ids.length; i += MAX_HEALTH_IDS)
        out.push(...(await call(api.history.health({ ids: ids.slice(i, i + MAX_HEALTH_IDS) }))))
      return out
    },
  })
  return new Map((data ?? []).map((h) => [h.id, h]))
}

/** Checks every link of the history now, and says what it found. */
export function useCheckAllLinks() {
  return useMutation({
    mutationFn: () => call(api.history.checkLinks({})),
    onSuccess: (s) => sayFound(s),
    onError: (error) => sayFailed(error),
  })
}

/**
 * Checks the links of one upload batch (its entries' ids, in calls of MAX_HEALTH_IDS) and says what it found;
 * each entry then shows when its link was last found alive. Checking again is safe: it only refreshes the
 * answers. `variables` says which batch is being checked, for its button.
 */
export function useCheckBatchLinks() {
  return useMutation({
    mutationFn: async ({ ids }: { batchId: string; ids: readonly string[] }) => {
      let total: LinkCheckSummary | null = null
      for (let i = 0; i < ids.length; i += MAX_HEALTH_IDS) {
        const s = await call(api.history.checkLinks({ ids: ids.slice(i, i + MAX_HEALTH_IDS) }))
        total = total === null ? s : addSummaries(total, s)
      }
      return total
    },
    onSuccess: (s) => s && sayFound(s),
    onError: (error) => sayFailed(error),
  })
}

function addSummaries(a: LinkCheckSummary, b: LinkCheckSummary): LinkCheckSummary {
  return {
    checked: a.checked + b.checked,
    alive: a.alive + b.alive,
    gone: a.gone + b.gone,
    unchecked: a.unchecked + b.unchecked,
    problems: [...new Set([...a.problems, ...b.problems])],
    problemErrors: [...(a.problemErrors ?? []), ...(b.problemErrors ?? [])],
    finishedAt: Math.max(a.finishedAt, b.finishedAt),
  }
}

function sayFailed(error: unknown): void {
  toast.error((intl) =>
    intl.formatMessage(
      { id: 'history.check.failed', defaultMessage: 'Could not check the links: {error}' },
      { error: errorMessage(error) },
    ),
  )
}

function sayFound(s: LinkCheckSummary): void {
  // The problems are the host's and main's own words: shown as they are.
  const lines = s.problemErrors?.length ? [...new Set(s.problemErrors.map(errorMessage))] : s.problems
  const values = { checked: s.checked, gone: s.gone, unchecked: s.unchecked, problems: lines.join(' ') }
  if (s.gone === 0 && s.unchecked === 0)
    toast.success((intl) =>
      intl.formatMessage(
        {
          id: 'history.check.allAlive',
          defaultMessage: 'Checked {checked, plural, one {# link} other {# links}}: all alive',
        },
        values,
      ),
    )
  else if (s.unchecked === 0)
    toast.error((intl) =>
      intl.formatMessage(
        {
          id: 'history.check.gone',
          defaultMessage:
            'Checked {checked, plural, one {# link} other {# links}}, {gone, plural, one {# link} other {# links}} gone',
        },
        values,
      ),
    )
  else if (s.gone === 0)
    toast.error((intl) =>
      intl.formatMessage(
        {
          id: 'history.check.unchecked',
          defaultMessage:
            'Checked {checked, plural, one {# link} other {# links}}; {unchecked, number} could not be checked: {problems}',
        },
        values,
      ),
    )
  else
    toast.error((intl) =>
      intl.formatMessage(
        {
          id: 'history.check.goneAndUnchecked',
          defaultMessage:
            'Checked {checked, plural, one {# link} other {# links}}, {gone, plural, one {# link} other {# links}} gone; {unchecked, number} could not be checked: {problems}',
        },
        values,
      ),
    )
}

/** Downloads the history as CSV (a Blob link: works the same in Electron and in the browser host). */
export async function downloadHistoryCsv(): Promise<void> {
  try {
    const csv = await call(api.history.exportCsv({}))
    const url = URL.createObjectURL(new Blob([csv.text], { type: 'text/csv;charset=utf-8' }))
    const a = document.createElement('a')
    a.href = url
    a.download = csv.fileName
    a.click()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
    toast.success((intl) =>
      intl.formatMessage(
        {
          id: 'history.export.done',
          defaultMessage: 'Exported {count, plural, one {# upload} other {# uploads}} to {fileName}',
        },
        { count: csv.rows, fileName: csv.fileName },
      ),
    )
  } catch (error) {
    toast.error((intl) =>
      intl.formatMessage(
        { id: 'history.export.failed', defaultMessage: 'Could not export the history: {error}' },
        { error: errorMessage(error) },
      ),
    )
  }
}
