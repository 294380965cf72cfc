import type { HistoryEntry } from '../../shared/history.ts'
import type { LinkCheckSummary } from '../../shared/link-health.ts'
import type { HistoryStore } from './history-store.ts'

/** The whole history, newest first, read through the store's paged search. */
export function allHistory(history: Pick<HistoryStore, 'search'>): HistoryEntry[] {
  const out: HistoryEntry[] = []
  const page = 1000
  for (;;) {
    const rows = history.search({ limit: page, offset: out.length })
    out.push(...rows)
    if (rows.length < page) return out
  }
}

export interface LinkCheckScheduleOptions {
  /** Hours between checks of the whole history; null: only when the user asks. Read at every (re)arm. */
  hours(): number | null
  /** When the last whole check finished (kept on disk, so a restart does not check again at once). */
  lastRunAt(): number | null
  run(): Promise<LinkCheckSummary>
  log(line: string): void
  now?: () => number
}

/** setTimeout holds at most 2^31-1 ms (~24.8 days); longer waits are taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * Checks the whole history's links every N hours, as the user set (off by default: each check is one call per
 * 100 links to every host, which the user should choose). The next run is counted from the last finished one,
 * so restarting Filedock neither skips nor repeats a check; call rearm() when the setting changes.
 */
export class LinkCheckSchedule {
  private timer: NodeJS.Timeout | null = null
  private closed = false

  constructor(private readonly o: LinkCheckScheduleOptions) {}

  rearm(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const hours = this.o.hours()
    if (this.closed || hours === null) return
    const now = (this.o.now ?? Date.now)()
    const due = (this.o.lastRunAt() ?? 0) + hours * 3_600_000
    const wait = Math.max(0, due - now)
    this.timer = setTimeout(
      () => {
        this.timer = null
        if (wait > MAX_TIMER_MS) return this.rearm()
        this.o
          .run()
          .catch((error: unknown) =>
            this.o.log(`Filedock: the scheduled link check failed: ${String(error)}`),
          )
          .finally(() => this.rearm())
      },
      Math.min(wait, MAX_TIMER_MS),
    )
    this.timer.unref?.()
  }

  close(): void {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}
