import { expect, test } from './fixtures.ts'
import { openAllFiles, paneRows } from './index-helpers.ts'

test.use({ seedFiles: 5000 })

test('5,000 files: few DOM rows, End in one step, rows fetched by window as they come into view', async ({
  page,
  host,
  sandbox,
}) => {
  await openAllFiles(page, host, sandbox, 5000, 60_000)
  const grid = page.getByRole('grid', { name: 'Files' })
  await expect(grid).toHaveAttribute('aria-rowcount', '5001')

  const rowCount = () => paneRows(page).count()
  expect(await rowCount()).toBeLessThan(80)

  // Keyboard to the very end: End jumps to the 5,000th row in one step (its window is fetched on arrival).
  await paneRows(page, '[data-code]').first().click()
  await page.keyboard.press('End')
  await expect(grid).toHaveAttribute('aria-activedescendant', 'file-4999')
  await expect(grid.locator('#file-4999')).toBeVisible()
  expect(await rowCount()).toBeLessThan(80)

  // Mouse-wheel scrolling back up renders only the rows in view.
  const scroller = page.locator('.files-scroll')
  await scroller.evaluate((el) => {
    el.scrollTop = el.scrollHeight / 2
  })
  await expect(grid.locator('#file-2500[data-code]')).toBeAttached()
  expect(await rowCount()).toBeLessThan(80)
})
