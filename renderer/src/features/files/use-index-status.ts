import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { IndexStatus } from '../../../../shared/file-index.ts'
import { api } from '../../app/bridge.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { keys } from '../../lib/query-keys.ts'
import { toast } from '../../state/toast-store.ts'

/** Where each account's index stands; the event router keeps it current from main's progress events. */
export function useIndexStatus() {
  return useQuery({ queryKey: keys.indexStatus(), queryFn: () => call(api.index.status()) })
}

const SEEN_KEY = 'filedock.index-warnings-seen'

/**
 * An index warning (a page the host kept answering with garbage, a rebuilt index file) is worth knowing but not
 * worth an interruption: it is shown once as a passing note, and remembered so a restart does not repeat it.
 */
export function useWarnOnce(statuses: readonly IndexStatus[] | undefined): void {
  useEffect(() => {
    if (!statuses) return
    const seen = new Set<string>(readSeen())
    let changed = false
    for (const s of statuses) {
      if (!s.warning) continue
      const id = `${s.accountId}\n${s.warning}`
      if (seen.has(id)) continue
      seen.add(id)
      changed = true
      toast.info((intl) =>
        intl.formatMessage(
          { id: 'files.index.warning', defaultMessage: '{account}: {warning}' },
          { account: s.label, warning: s.warningError ? errorMessage(s.warningError) : s.warning },
        ),
      )
    }
    // Bounded: only the latest warnings matter.
    if (changed) localStorage.setItem(SEEN_KEY, JSON.stringify([...seen].slice(-50)))
  }, [statuses])
}

function readSeen(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]')
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}
