import type { AppSettings } from '../../shared/ipc/settings.ts'

/**
 * The index's re-crawl interval read from the user's setting each time it is asked (IndexService asks at every
 * check and again when the settings change), so a new choice applies without a restart. Off is 0 ms: never.
 */
export function recrawlEveryFrom(settings: { get(): Pick<AppSettings, 'recrawlHours'> }): () => number {
  return () => {
    const hours = settings.get().recrawlHours
    return hours === null ? 0 : hours * 3_600_000
  }
}
