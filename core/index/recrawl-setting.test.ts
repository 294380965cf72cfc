import { join } from 'node:path'
import Database from 'better-sqlite3'
import { expect, it } from 'vitest'
import { openSandbox } from '../../sandbox/test-support.ts'
import type { IndexStatus } from '../../shared/file-index.ts'
import type { AppSettings } from '../../shared/ipc/settings.ts'
import { coreWithAccount, undoAfterEach } from '../app/testing/core-with-account.ts'
import { INDEX_FILE } from './open-app-index.ts'

const cleanup = undoAfterEach()

it('the re-crawl interval is a setting (6 h by default) that applies as soon as it changes', async () => {
  const sandbox = await openSandbox({ seedFiles: 40 })
  cleanup.push(() => sandbox.stop())
  const { call, dir, events } = await coreWithAccount(sandbox, cleanup)
  expect((await call<AppSettings>('settings.get')).recrawlHours).toBe(6)
  const lastCrawl = async () => (await call<IndexStatus[]>('index.status'))[0]?.lastFullCrawl ?? null

  // The last full crawl was two hours ago (as if the app had been running since).
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString()
  const db = new Database(join(dir, INDEX_FILE))
  db.prepare('UPDATE accounts SET last_full_crawl = ?').run(twoHoursAgo)
  db.close()

  // A crawl started by a settings change starts within the change (the schedule's own check comes once a minute).
  const crawlStartedBy = async (change: object) => {
    const from = events.length
    await call('settings.update', change)
    return events.slice(from).some((e) => e.type === 'index.progress' && e.state === 'crawling')
  }

  // Every 6 h, or off: two hours is not due. A change of another setting is a check too, and starts nothing.
  expect(await crawlStartedBy({ autoCopy: true })).toBe(false)
  expect(await crawlStartedBy({ recrawlHours: null })).toBe(false)
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(await lastCrawl()).toBe(twoHoursAgo)

  // Every hour: the account is overdue, and is crawled now, not after a restart or the next minute's check.
  const asked = Date.now()
  expect(await crawlStartedBy({ recrawlHours: 1 })).toBe(true)
  expect((await call<AppSettings>('settings.get')).recrawlHours).toBe(1)
  await expect.poll(lastCrawl, { timeout: 30_000 }).not.toBe(twoHoursAgo)
  expect(Date.parse((await lastCrawl()) ?? '')).toBeGreaterThanOrEqual(asked)
})

it('refuses an interval it does not offer, and keeps the one set', async () => {
  const sandbox = await openSandbox()
  cleanup.push(() => sandbox.stop())
  const { call } = await coreWithAccount(sandbox, cleanup)
  await expect(call('settings.update', { recrawlHours: 5 })).rejects.toThrow(/settings\.update/)
  await expect(call('settings.update', { recrawlHours: '6' })).rejects.toThrow(/settings\.update/)
  expect((await call<AppSettings>('settings.get')).recrawlHours).toBe(6)
})
