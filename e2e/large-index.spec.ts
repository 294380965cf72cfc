import path from 'node:path'
import { startSandbox } from '../sandbox/server.ts'
import { apiGet } from '../sandbox/testing/api-calls.ts'
import { compareNaturally } from '../shared/natural-name.ts'
import { test as base, expect, openWithAccount, ref } from './fixtures.ts'
import { codeOfLink, expectFileCount, grid, hostFiles, paneRows, shownCodes } from './index-helpers.ts'

/** One folder, `Bulk`, holding 100,000 files (the sandbox's flat seed). */
const test = base.extend({
  sandbox: async ({ tmp }, use) => {
    const sandbox = await startSandbox({
      dataDir: path.join(tmp, 'sandbox'),
      port: 0,
      seedFiles: 100_000,
      seedFlat: true,
    })
    await use(sandbox)
    await sandbox.close()
  },
})

test('100,000 files: whole-result scrollbar, End in one step, Ctrl+A counts and copies all of them', async ({
  page,
  host,
  sandbox,
  context,
}) => {
  test.setTimeout(300_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const root = await apiGet<{ folders: Array<{ fld_id: number | string; name: string }> }>(
    ref(sandbox),
    'folder/list',
    { fld_id: 0 },
  )
  const bulk = Number(root.folders.find((f) => f.name === 'Bulk')?.fld_id)
  await openWithAccount(page, host, sandbox)
  // The folder row opens the folder; its 100,000 files come from the index as its crawl reaches them.
  await grid(page).getByRole('row').filter({ hasText: 'Bulk' }).dblclick()
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText('Bulk')
  // Indexing is said in the status bar and blocks nothing: rows found so far are there to browse meanwhile.
  await expect(page.getByTestId('index-progress')).toContainText(/Indexing Sandbox: [\d,]+ of 100,000/)
  await expect(paneRows(page, '[data-code]').first()).toBeVisible()
  await expectFileCount(page, 100_000, 240_000)
  await expect(page.getByTestId('index-progress')).toHaveCount(0)
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '100001')
  const domRows = () => paneRows(page).count()
  expect(await domRows()).toBeLessThan(80)

  // The scrollbar spans all rows: the list is as tall as 100,000 rows, not as the rows fetched so far.
  const scroller = page.locator('.files-scroll')
  expect(await scroller.evaluate((el) => el.scrollHeight)).toBeGreaterThan(100_000 * 30)

  // End: the cursor and the view jump to the 100,000th row at once.
  await paneRows(page, '[data-code]').first().click()
  await page.keyboard.press('End')
  await expect(grid(page)).toHaveAttribute('aria-activedescendant', 'file-99999')
  await expect(grid(page).locator('#file-99999[data-code]')).toBeVisible()
  // A screen reader hears where the cursor is in the whole result: row 100,001 of 100,001 (the header is row 1).
  await expect(grid(page).locator('#file-99999')).toHaveAttribute('aria-rowindex', '100001')
  await expect(page.getByTestId('status-selection')).toContainText('1 selected')
  expect(await domRows()).toBeLessThan(80)

  // The last row is the host's last file by name (the default sort, names as people count).
  const files = await hostFiles(ref(sandbox), bulk)
  expect(files).toHaveLength(100_000)
  const lastByName = [...files].sort((a, b) => compareNaturally(a.name, b.name)).at(-1)
  expect((await shownCodes(page)).at(-1)).toBe(lastByName?.file_code)

  await page.keyboard.press('Control+a')
  await expect(page.getByTestId('status-selection')).toContainText('100,000 selected', { timeout: 30_000 })
  await page.keyboard.press('Control+c')
  await expect(page.getByText('Copied 100,000 links')).toBeVisible({ timeout: 60_000 })
  const copied = (await page.evaluate(() => navigator.clipboard.readText())).split('\n')
  expect(copied).toHaveLength(100_000)
  expect(new Set(copied.map(codeOfLink))).toEqual(new Set(files.map((f) => f.file_code)))
  // The page held a window of rows, never the result: the DOM is still a screenful.
  expect(await domRows()).toBeLessThan(80)
})
