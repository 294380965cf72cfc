import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { FiledockErrorData } from '../../../shared/errors.ts'
import type { HistoryEntry } from '../../../shared/history.ts'
import type { ChannelName } from '../../../shared/ipc/channels.ts'
import type { AppSettings } from '../../../shared/ipc/settings.ts'
import type { HistoryCsv } from '../../../shared/ipc/watch-contract.ts'
import type { LinkCheckSummary, LinkHealth } from '../../../shared/link-health.ts'
import type { WatchStatus } from '../../../shared/watch.ts'

type Call = <T>(channel: ChannelName, input?: unknown) => Promise<T>
type Refused = (channel: ChannelName, input: unknown) => Promise<FiledockErrorData | undefined>

/**
 * The background channels against a real core and host: a watch folder that sends a file written into it,
 * paused, resumed and removed; then the link health of that upload, the check schedule and the CSV export.
 */
export async function runWatchScenario(call: Call, refused: Refused, accountId: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'filedock-watch-scenario-'))
  try {
    // Where Open with / Send to put files: the folder the window shows, or none.
    expect(await call('app.setOpenFolder', { location: { accountId, fldId: 0 } })).toBeNull()
    expect(await call('app.setOpenFolder', { location: null })).toBeNull()
    expect(await call<WatchStatus[]>('watch.list')).toEqual([])
    expect((await refused('watch.add', { dir: join(dir, 'missing'), accountId }))?.kind).toBe('invalid_input')
    const added = await call<WatchStatus>('watch.add', { dir, accountId, folderPath: '', minAgeMs: 100 })
    expect(added).toMatchObject({
      state: 'watching',
      // The target's path as chosen is kept for the view; the watch goes by the id.
      rule: { dir, accountId, fldId: 0, folderPath: '', paused: false },
    })
    // Adding the same folder again for the same account and target is refused, not a second watcher.
    expect((await refused('watch.add', { dir, accountId }))?.message).toMatch(/already watched/)

    await writeFile(join(dir, 'watched scenario.txt'), 'sent by a watch folder')
    await writeFile(join(dir, 'still-downloading.txt.crdownload'), 'partial')
    const deadline = Date.now() + 20_000
    let status: WatchStatus | undefined
    for (;;) {
      status = (await call<WatchStatus[]>('watch.list'))[0]
      if ((status?.sent ?? 0) >= 1 || Date.now() > deadline) break
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(status).toMatchObject({ sent: 1, lastActivity: { type: 'sent', relPath: 'watched scenario.txt' } })

    const id = added.rule.id
    expect(await call<WatchStatus>('watch.setPaused', { id, paused: true })).toMatchObject({
      state: 'paused',
    })
    expect(await call<WatchStatus>('watch.setPaused', { id, paused: false })).toMatchObject({
      state: 'watching',
    })
    await call('watch.remove', { id })
    expect(await call<WatchStatus[]>('watch.list')).toEqual([])
    expect((await refused('watch.remove', { id }))?.kind).toBe('not_found')

    let entries: HistoryEntry[] = []
    for (let i = 0; i < 100 && entries.length === 0; i++) {
      entries = await call<HistoryEntry[]>('history.search', {
        text: 'watched scenario',
        limit: 10,
        offset: 0,
      })
      if (entries.length === 0) await new Promise((r) => setTimeout(r, 50))
    }
    expect(entries.map((e) => e.name)).toEqual(['watched scenario.txt'])
    const ids = entries.map((e) => e.id)
    expect(await call<LinkHealth[]>('history.health', { ids })).toEqual([])
    expect(await call<LinkCheckSummary>('history.checkLinks', { ids })).toMatchObject({
      checked: 1,
      alive: 1,
    })
    expect(await call<LinkHealth[]>('history.health', { ids })).toEqual([
      expect.objectContaining({ id: ids[0], alive: true }),
    ])
    const whole = await call<LinkCheckSummary>('history.checkLinks', {})
    expect(whole.checked).toBeGreaterThanOrEqual(1)

    await call('history.setCheckSchedule', { hours: 24 })
    expect(await call<AppSettings>('settings.get')).toMatchObject({ linkCheckHours: 24 })
    await call('history.setCheckSchedule', { hours: null })
    expect(await call<AppSettings>('settings.get')).toMatchObject({ linkCheckHours: null })

    const csv = await call<HistoryCsv>('history.exportCsv')
    expect(csv.fileName).toMatch(/^filedock-history-\d{4}-\d{2}-\d{2}\.csv$/)
    expect(csv.rows).toBe(whole.checked + whole.unchecked)
    expect(csv.text).toContain('watched scenario.txt')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
