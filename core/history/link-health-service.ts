import type { HistoryEntry } from '../../shared/history.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { Handlers } from '../../shared/ipc/types.ts'
import type { LinkCheckSummary, LinkHealth } from '../../shared/link-health.ts'
import type { ApiClient } from '../api/client.ts'
import type { EventBus } from '../ipc/event-bus.ts'
import { historyCsv } from './history-csv.ts'
import type { HistoryStore } from './history-store.ts'
import { allHistory, LinkCheckSchedule } from './link-check-schedule.ts'
import { LinkHealthStore } from './link-health.ts'

type HealthChannels =
  | 'history.health'
  | 'history.checkLinks'
  | 'history.setCheckSchedule'
  | 'history.exportCsv'

export interface LinkHealthServiceOptions {
  historyDir: string
  history: HistoryStore
  clientFor(accountId: string): Promise<ApiClient>
  checkHours(): number | null
  saveCheckHours(hours: number | null): Promise<void>
  events: EventBus<AppEvent>
  log(line: string): void
}

export interface LinkHealthService {
  handlers: Pick<Handlers, HealthChannels>
  close(): void
}

/** Link health in the app: the store, its schedule, and the history's health, check and CSV channels. */
export async function openLinkHealth(o: LinkHealthServiceOptions): Promise<LinkHealthService> {
  const store = await LinkHealthStore.open(o.historyDir)
  const check = async (entries: HistoryEntry[], whole: boolean): Promise<LinkCheckSummary> => {
    const summary = await store.check(entries, o.clientFor, { whole })
    o.events.emit({ type: 'history.healthChanged', checked: summary.checked, gone: summary.gone })
    return summary
  }
  const schedule = new LinkCheckSchedule({
    hours: o.checkHours,
    lastRunAt: () => store.lastRunAt,
    run: () => check(allHistory(o.history), true),
    log: o.log,
  })
  schedule.rearm()
  const byId = (ids: readonly string[]) => {
    const wanted = new Set(ids)
    return allHistory(o.history).filter((e) => wanted.has(e.id))
  }

  return {
    handlers: {
      'history.health': async ({ ids }) =>
        ids.map((id) => store.get(id)).filter((h): h is LinkHealth => h !== null),
      'history.checkLinks': async ({ ids }) =>
        ids === undefined ? check(allHistory(o.history), true) : check(byId(ids), false),
      'history.setCheckSchedule': async ({ hours }) => {
        await o.saveCheckHours(hours)
        schedule.rearm()
        return null
      },
      'history.exportCsv': async () => {
        const entries = allHistory(o.history)
        const day = new Date().toISOString().slice(0, 10)
        return {
          fileName: `filedock-history-${day}.csv`,
          text: historyCsv(entries, (id) => store.get(id)),
          rows: entries.length,
        }
      },
    },
    close: () => schedule.close(),
  }
}
