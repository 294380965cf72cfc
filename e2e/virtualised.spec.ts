import { expect, openWithAccount, test } from './fixtures.ts'

test.use({ seedFiles: 5000 })

test('5,000 files: few DOM rows, smooth scrolling to the end, pages loaded on demand', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithAccount(page, host, sandbox)
  await page.getByRole('button', { name: 'All files' }).click()
  const grid = page.getByRole('grid', { name: 'Files' })
  await expect(page.getByTestId('status-count')).toHaveText('5,000 files')
  await expect(grid).toHaveAttribute('aria-rowcount', '5001')

  const rowCount = () => grid.locator('tbody tr').count()
  expect(await rowCount()).toBeLessThan(80)

  // Keyboard to the very end: End moves the cursor to the last loaded row, which pulls in the next page;
  // pressing it again as pages arrive reaches the 5,000th file.
  await grid.locator('tbody tr').first().click()
  await expect
    .poll(
      async () => {
        await page.keyboard.press('End')
        return grid.getAttribute('aria-activedescendant')
      },
      { timeout: 30_000 },
    )
    .toBe('file-4999')
  await expect(grid.locator('#file-4999')).toBeVisible()
  expect(await rowCount()).toBeLessThan(80)

  // Mouse-wheel scrolling back up renders only the rows in view.
  const scroller = page.locator('.files-scroll')
  await scroller.evaluate((el) => {
    el.scrollTop = el.scrollHeight / 2
  })
  await expect(grid.locator('#file-2500')).toBeAttached()
  expect(await rowCount()).toBeLessThan(80)
})
