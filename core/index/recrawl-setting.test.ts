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
  const { call, dir } = await coreWithAccount(sandbox, cleanup)
  expect((await call<AppSettings>('settings.get')).recrawlHours).toBe(6)
  const lastCrawl = async () => (await call<IndexStatus[]>('index.status'))[0]?.lastFullCrawl ?? null

  // The last full crawl was two hours ago (as if the app had been running since).
  const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000).toISOString()
  const db = new Database(join(dir, INDEX_FILE))
  db.prepare('UPDATE accounts SET last_full_crawl = ?').run(twoHoursAgo)
  db.close()

  // Every 6 h, or off: two hours is not due. A change of another setting is a check too, and starts nothing.
  await call('settings.update', { autoCopy: true })
  await call('settings.update', { recrawlHours: null })
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(await lastCrawl()).toBe(twoHoursAgo)

  // Every hour: the account is overdue, and is crawled now, not after a restart or the next minute's check.
  expect((await call<AppSettings>('settings.update', { recrawlHours: 1 })).recrawlHours).toBe(1)
  const deadline = Date.now() + 5_000
  while ((await lastCrawl()) === twoHoursAgo) {
    if (Date.now() > deadline) throw new Error('the new interval did not start a re-crawl')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  expect(Date.parse((await lastCrawl()) ?? '')).toBeGreaterThan(Date.now() - 60_000)
})

it('refuses an interval it does not offer, and keeps the one set', async () => {
  const sandbox = await openSandbox()
  cleanup.push(() => sandbox.stop())
  const { call } = await coreWithAccount(sandbox, cleanup)
  await expect(call('settings.update', { recrawlHours: 5 })).rejects.toThrow(/settings\.update/)
  await expect(call('settings.update', { recrawlHours: '6' })).rejects.toThrow(/settings\.update/)
  expect((await call<AppSettings>('settings.get')).recrawlHours).toBe(6)
})
