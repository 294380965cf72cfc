import type { Page } from '@playwright/test'
import { listFiles } from '../sandbox/testing/api-calls.ts'
import { expect, fileRow, openWithSmallTree, ref, test } from './fixtures.ts'
import { expectFileCount, grid } from './index-helpers.ts'

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

/** Presses `key` until `target` has focus: the way a keyboard user gets somewhere, with a bound. */
async function pressUntilFocused(page: Page, key: string, target: ReturnType<Page['locator']>, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return
    await page.keyboard.press(key)
  }
  await expect(target).toBeFocused()
}

test('keyboard only: select with arrows and Shift, copy links, move through the menu, rename, open a folder, go up', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  const seeded = await openWithSmallTree(page, host, sandbox)
  const selection = page.getByTestId('status-selection')
  const crumbs = page.getByRole('navigation', { name: 'Folder path' })

  // Rows still arriving from the account index would move under the keys: start once the pane shows every file.
  // The crawl's end is not enough: the pane's rows follow it a moment later (a clean-clone run pressed the third
  // ArrowDown while the root still showed its two folders only, and the cursor stopped on the last of them).
  await expect(page.getByText(/^Indexing /)).toHaveCount(0, { timeout: 60_000 })
  await expectFileCount(page, 3)
  // Tab to the file grid. Rows: Documents, Photos (folders first), holiday.jpg, notes.txt, report-2024.pdf.
  await pressUntilFocused(page, 'Tab', grid(page))
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(fileRow(page, 'holiday.jpg')).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Shift+ArrowDown')
  await expect(selection).toContainText('2 selected')
  await expect(fileRow(page, 'notes.txt')).toHaveAttribute('aria-selected', 'true')

  // Ctrl+C: the clipboard holds exactly the host's page links of those two files. The host lists
  // `{base}/{code}/{name}.html`; the app copies the page link `{base}/{code}` it starts with, which the
  // host serves as the same page.
  await page.keyboard.press('Control+c')
  await expect(page.getByText('Copied 2 links')).toBeVisible()
  const root = await listFiles(sb, { fld_id: 0 })
  const hostLinks = root
    .filter((f) => ['holiday.jpg', 'notes.txt'].includes(f.name))
    .map((f) => f.link.slice(0, f.link.indexOf(`/${f.file_code}`) + f.file_code.length + 1))
  expect(hostLinks).toHaveLength(2)
  const copied = (await page.evaluate(() => navigator.clipboard.readText())).split('\n')
  expect(copied.sort()).toEqual(hostLinks.sort())
  for (const link of copied) expect((await fetch(link)).status).toBe(200)

  // Shift+F10 opens the menu at the row; down to Move, Enter; the dialog starts in its folder list.
  await page.keyboard.press('Shift+F10')
  const move = page.getByRole('menuitem', { name: /^Move to folder/ })
  await pressUntilFocused(page, 'ArrowDown', move, 12)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Move to folder' })
  const tree = dialog.getByRole('tree', { name: 'Destination folder' })
  await expect(tree.getByRole('treeitem', { name: 'My files' })).toBeFocused()
  await expect(tree.getByRole('treeitem', { name: 'Documents' })).toBeVisible()
  await page.keyboard.press('ArrowDown') // Documents
  // Enter on the folder moves there.
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('Moved 2 files to Documents')).toBeVisible()
  await expect
    .poll(async () => (await listFiles(sb, { fld_id: seeded.folders.documents })).map((f) => f.name).sort())
    .toEqual(['contract.docx', 'holiday.jpg', 'notes.txt'])
  await expect(fileRow(page, 'holiday.jpg')).toHaveCount(0)
  await expect(grid(page)).toBeFocused()

  // End goes to the last row (report-2024.pdf); F2 renames it in place.
  await page.keyboard.press('End')
  await expect(fileRow(page, 'report-2024.pdf')).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('F2')
  const field = grid(page).getByRole('textbox', { name: 'New name for report-2024.pdf' })
  await expect(field).toBeFocused()
  // The stem is selected, so typing replaces it and keeps the extension.
  await page.keyboard.type('annual-report')
  await page.keyboard.press('Enter')
  await expect
    .poll(
      async () => (await listFiles(sb)).find((f) => f.file_code === seeded.files['report-2024.pdf'])?.name,
    )
    .toBe('annual-report.pdf')
  await expect(fileRow(page, 'annual-report.pdf')).toBeVisible()
  await expect(grid(page)).toBeFocused()

  // Home, Enter opens the Documents folder, with the two moved files in it.
  await page.keyboard.press('Home')
  await page.keyboard.press('Enter')
  await expect(crumbs).toContainText('Documents')
  await expect(fileRow(page, 'holiday.jpg')).toBeVisible()
  await expect(fileRow(page, 'notes.txt')).toBeVisible()
  await expect(fileRow(page, 'contract.docx')).toBeVisible()
  await expect(grid(page)).toBeFocused()

  // Backspace goes back up to My files, the cursor on the folder just left.
  await page.keyboard.press('Backspace')
  await expect(crumbs).not.toContainText('Documents')
  await expect(fileRow(page, 'annual-report.pdf')).toBeVisible()
  await expect(grid(page)).toBeFocused()
  await expect(fileRow(page, 'Documents')).toHaveAttribute('data-focused', 'true')
  await page.keyboard.press('Alt+ArrowUp')
  // At the root there is nothing above: the grid keeps the keyboard and the place stays.
  await expect(fileRow(page, 'annual-report.pdf')).toBeVisible()
})
