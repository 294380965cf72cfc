import { apiGet, listFiles } from '../sandbox/testing/api-calls.ts'
import { expect, fileRow, openWithSmallTree, ref, test } from './fixtures.ts'
import { codeOfLink } from './index-helpers.ts'

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('folder tree: lazy children, keyboard navigation, breadcrumb', async ({ page, host, sandbox }) => {
  await openWithSmallTree(page, host, sandbox)
  const tree = page.getByRole('tree', { name: 'Folders' })
  await expect(tree.getByRole('treeitem', { name: 'Photos' })).toBeVisible()
  await expect(tree.getByRole('treeitem', { name: 'Invoices' })).toHaveCount(0)

  await tree.getByRole('treeitem', { name: 'Documents' }).click()
  await expect(fileRow(page, 'contract.docx')).toBeVisible()
  await expect(tree.getByRole('treeitem', { name: 'Invoices' })).toBeVisible()

  // Keyboard: Down to Invoices, Enter opens it.
  await tree.getByRole('treeitem', { name: 'Documents' }).focus()
  await page.keyboard.press('ArrowDown')
  await expect(tree.getByRole('treeitem', { name: 'Invoices' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(fileRow(page, 'invoice-001.pdf')).toBeVisible()
  const crumbs = page.getByRole('navigation', { name: 'Folder path' })
  await expect(crumbs).toContainText('My files')
  await expect(crumbs).toContainText('Documents')
  await expect(crumbs).toContainText('Invoices')

  // Left goes to the parent; Left again folds it.
  await page.keyboard.press('ArrowLeft')
  await expect(tree.getByRole('treeitem', { name: 'Documents' })).toBeFocused()
  await page.keyboard.press('ArrowLeft')
  await expect(tree.getByRole('treeitem', { name: 'Invoices' })).toHaveCount(0)

  await crumbs.getByRole('button', { name: 'My files' }).click()
  await expect(fileRow(page, 'holiday.jpg')).toBeVisible()
})

test('file list shows names, sizes and counts; status bar sums the selection', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  const row = fileRow(page, 'report-2024.pdf')
  await expect(row).toContainText('KB')
  await expect(page.getByTestId('status-count')).toHaveText('3 files')

  await row.click()
  await fileRow(page, 'notes.txt').click({ modifiers: ['Control'] })
  await expect(page.getByTestId('status-selection')).toContainText('2 selected')
  await expect(fileRow(page, 'notes.txt')).toHaveAttribute('aria-selected', 'true')

  // Keyboard (rows by name: folders, holiday, notes, report): Down moves the cursor and selects one; Shift+Up
  // extends; Escape clears.
  await page.keyboard.press('ArrowDown')
  await expect(page.getByTestId('status-selection')).toContainText('1 selected')
  await expect(fileRow(page, 'report-2024.pdf')).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Shift+ArrowUp')
  await expect(page.getByTestId('status-selection')).toContainText('2 selected')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('status-selection')).toHaveCount(0)

  await page.getByRole('button', { name: 'Grid view' }).click()
  await expect(page.getByRole('gridcell').filter({ hasText: 'holiday.jpg' })).toBeVisible()
})

test('F2 renames a file and the host has the new name', async ({ page, host, sandbox }) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await fileRow(page, 'notes.txt').click()
  await page.keyboard.press('F2')
  await page.getByRole('textbox', { name: 'New name for notes.txt' }).fill('meeting-notes.txt')
  await page.keyboard.press('Enter')
  await expect(fileRow(page, 'meeting-notes.txt')).toBeVisible()
  await expect(page.getByText('Renamed to “meeting-notes.txt”')).toBeVisible()

  await expect
    .poll(
      async () =>
        (await listFiles(ref(sandbox))).find((f) => f.file_code === seeded.files['notes.txt'])?.name,
    )
    .toBe('meeting-notes.txt')
  await page.reload()
  await expect(fileRow(page, 'meeting-notes.txt')).toBeVisible()
})

test('move to folder through the context menu and the folder picker', async ({ page, host, sandbox }) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await fileRow(page, 'holiday.jpg').click({ button: 'right' })
  await page.getByRole('menuitem', { name: /Move to folder/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Move to folder' })
  await dialog.getByRole('treeitem', { name: 'Photos' }).click()
  await dialog.getByRole('button', { name: 'Move to “Photos”' }).click()

  await expect(page.getByText('Moved 1 file to Photos')).toBeVisible()
  await expect(fileRow(page, 'holiday.jpg')).toHaveCount(0)
  const inPhotos = await listFiles(ref(sandbox), { fld_id: seeded.folders.photos })
  expect(inPhotos.map((f) => f.name).sort()).toEqual(['beach.png', 'holiday.jpg'])

  await page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: 'Photos' }).click()
  await expect(fileRow(page, 'holiday.jpg')).toBeVisible()
})

test('clone makes a copy the host lists', async ({ page, host, sandbox }) => {
  await openWithSmallTree(page, host, sandbox)
  await fileRow(page, 'report-2024.pdf').click({ button: 'right' })
  await page.getByRole('menuitem', { name: /^Clone/ }).click()
  await expect(page.getByText('Cloned 1 file')).toBeVisible()
  // A clone gets a distinct name by default, so the two files can be told apart.
  await expect(fileRow(page, 'report-2024 (copy).pdf')).toBeVisible()
  await expect(fileRow(page, 'report-2024.pdf')).toHaveCount(1)
  const root = await listFiles(ref(sandbox), { fld_id: 0 })
  expect(
    root
      .map((f) => f.name)
      .filter((n) => n.startsWith('report-2024'))
      .sort(),
  ).toEqual(['report-2024 (copy).pdf', 'report-2024.pdf'])
  await expect(page.getByTestId('status-count')).toHaveText('4 files')
})

test('Ctrl+C copies page links, Ctrl+Shift+C direct links, one per line', async ({ page, host, sandbox }) => {
  await openWithSmallTree(page, host, sandbox)
  const listed = await listFiles(ref(sandbox), { fld_id: 0 })

  await fileRow(page, 'report-2024.pdf').click()
  await page.keyboard.press('Control+a')
  await expect(page.getByTestId('status-selection')).toContainText('3 selected')
  await page.keyboard.press('Control+c')
  await expect(page.getByText('Copied 3 links')).toBeVisible()
  const pageLinks = (await page.evaluate(() => navigator.clipboard.readText())).split('\n')
  expect(pageLinks.map(codeOfLink).sort()).toEqual(listed.map((f) => f.file_code).sort())
  for (const link of pageLinks) expect((await fetch(link)).status).toBe(200)

  await page.keyboard.press('Control+Shift+C')
  await expect(page.getByText('Copied 3 direct links')).toBeVisible()
  const direct = (await page.evaluate(() => navigator.clipboard.readText())).split('\n')
  expect(direct).toHaveLength(3)
  for (const url of direct) {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
    expect(pageLinks).not.toContain(url)
    // A direct link serves the file's bytes.
    const res = await fetch(url)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('content of ')
  }
})

test('Enter opens the selected file’s page in a new tab', async ({ page, host, sandbox }) => {
  await openWithSmallTree(page, host, sandbox)
  const listed = await listFiles(ref(sandbox), { fld_id: 0 })
  await fileRow(page, 'holiday.jpg').click()
  const popup = page.waitForEvent('popup')
  await page.keyboard.press('Enter')
  const opened = (await popup).url()
  expect(opened.startsWith(`${sandbox.baseUrl}/`)).toBe(true)
  expect(codeOfLink(opened)).toBe(listed.find((f) => f.name === 'holiday.jpg')?.file_code)
})

test('new folder from the sidebar appears in the tree and on the host', async ({ page, host, sandbox }) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  const tree = page.getByRole('tree', { name: 'Folders' })
  await tree.getByRole('treeitem', { name: 'Documents' }).click()
  await page.getByRole('button', { name: 'New folder in Documents' }).click()
  // The name is typed in place, in a new row of the tree under Documents.
  await expect(tree.getByRole('textbox', { name: 'New folder name' })).toBeFocused()
  await page.keyboard.type('Receipts')
  await page.keyboard.press('Enter')
  await expect(tree.getByRole('treeitem', { name: 'Receipts' })).toBeVisible()
  const listing = await apiGet<{ folders: Array<{ name: string }> }>(ref(sandbox), 'folder/list', {
    fld_id: seeded.folders.documents,
  })
  expect(listing.folders.map((f) => f.name).sort()).toEqual(['Invoices', 'Receipts'])
})
