import path from 'node:path'
import { expect, openWithAccount, test } from './fixtures.ts'

// Enough seeded files for a handful of folders, one of them nested.
test.use({ seedFiles: 12_000 })

// Always taken (it is a check that a busy window renders); docs/screenshot.png is only rewritten on request,
// so a test run leaves the work tree clean.
test('screenshot of the main window with files', async ({ page, context, host, sandbox }, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openWithAccount(page, host, sandbox)
  await page.getByRole('button', { name: 'Dismiss' }).click()
  const tree = page.getByRole('tree', { name: 'Folders' })
  await tree.getByRole('treeitem', { name: 'Documents 03' }).click()
  await expect(tree.getByRole('treeitem', { name: 'Music 04' })).toBeVisible()
  const grid = page.getByRole('grid', { name: 'Files' })
  await grid.locator('tbody tr').nth(2).click()
  await grid
    .locator('tbody tr')
    .nth(4)
    .click({ modifiers: ['Control'] })
  await grid
    .locator('tbody tr')
    .nth(5)
    .click({ modifiers: ['Control'] })
  await expect(page.getByTestId('status-selection')).toContainText('3 selected')
  await page.keyboard.press('Control+c')
  await expect(page.getByText('Copied 3 links')).toBeVisible()
  const target = process.env.FILEDOCK_SCREENSHOT
    ? path.join(import.meta.dirname, '../docs/screenshot.png')
    : info.outputPath('screenshot.png')
  await page.screenshot({ path: target })
})
