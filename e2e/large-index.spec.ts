import { expect, openWithAccount, ref, test } from './fixtures.ts'
import { codeOfLink, expectFileCount, grid, hostFiles, shownCodes } from './index-helpers.ts'

test.use({ seedFiles: 100_000 })

test('100,000 files: whole-result scrollbar, End in one step, Ctrl+A counts and copies all of them', async ({
  page,
  host,
  sandbox,
  context,
}) => {
  test.setTimeout(300_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openWithAccount(page, host, sandbox)
  await page.getByRole('button', { name: 'All files' }).click()
  await expectFileCount(page, 100_000, 240_000)
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '100001')
  const domRows = () => grid(page).locator('tbody tr').count()
  expect(await domRows()).toBeLessThan(80)

  // The scrollbar spans all rows: the list is as tall as 100,000 rows, not as the rows fetched so far.
  const scroller = page.locator('.files-scroll')
  expect(await scroller.evaluate((el) => el.scrollHeight)).toBeGreaterThan(100_000 * 30)

  // End: the cursor and the view jump to the 100,000th row at once.
  await grid(page).locator('tbody tr[data-code]').first().click()
  await page.keyboard.press('End')
  await expect(grid(page)).toHaveAttribute('aria-activedescendant', 'file-99999')
  await expect(grid(page).locator('#file-99999[data-code]')).toBeVisible()
  await expect(page.getByTestId('status-selection')).toContainText('1 selected')
  expect(await domRows()).toBeLessThan(80)

  // The last row is the host's last file by name (the default sort).
  const files = await hostFiles(ref(sandbox))
  expect(files).toHaveLength(100_000)
  const lastByName = [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).at(-1)
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
