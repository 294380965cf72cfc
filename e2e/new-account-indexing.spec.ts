import type { Page } from '@playwright/test'
import { seedSmallTree } from '../sandbox/testing/api-calls.ts'
import { addAnotherAccount } from './account-helpers.ts'
import { addAccount, expect, fileRow, readIndex, ref, test } from './fixtures.ts'

/**
 * Every toast the page shows, as "<icon's name>: <words>", recorded in the page as it appears: a toast that comes
 * and goes between two looks of the test is not missed.
 */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __toasts: string[] }).__toasts = seen
    new MutationObserver(() => {
      for (const t of document.querySelectorAll('.toast')) {
        const kind = t.querySelector('.toast-kind')?.getAttribute('aria-label') ?? '?'
        const said = `${kind}: ${t.querySelector('.toast-message')?.textContent ?? ''}`
        if (!seen.includes(said)) seen.push(said)
      }
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts)
}

/** Accounts whose first full crawl is in the app's index. */
const crawled = (dataDir: string) =>
  readIndex(
    dataDir,
    (db) =>
      (
        db.prepare('SELECT count(*) AS n FROM accounts WHERE last_full_crawl IS NOT NULL').get() as {
          n: number
        }
      ).n,
  )

test('adding accounts says nothing about the host while their first crawls run: no false alarm (issue 23, item 12)', async ({
  page,
  host,
  sandbox,
}) => {
  const toasts = await recordToasts(page)
  const second = await sandbox.createAccount('second@sandbox.local')
  await seedSmallTree(ref(sandbox))
  await seedSmallTree({ baseUrl: sandbox.baseUrl, apiKey: second.apiKey })
  // Answers take a moment, as a real host's do: the crawls are still asking when the window acts.
  sandbox.setFaults({ latencyMs: 150 })

  await page.goto(host.url)
  await addAccount(page, { label: 'First', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
  await expect(fileRow(page, 'notes.txt')).toBeVisible()
  // The window makes the new account active as soon as it is added.
  await addAnotherAccount(page, { label: 'Second', baseUrl: sandbox.baseUrl, apiKey: second.apiKey })

  await expect.poll(() => crawled(host.dataDir), { timeout: 30_000 }).toBe(2)
  await expect(fileRow(page, 'notes.txt')).toBeVisible()
  await expect(page.getByTestId('index-progress')).toHaveCount(0)
  const said = await toasts()
  expect(said.filter((t) => /index|host|client/i.test(t))).toEqual([])
})
