import type { Locator, Page } from '@playwright/test'
import { apiGet, listFiles, type SandboxRef } from '../sandbox/testing/api-calls.ts'
import { expect, fileRow, openWithSmallTree, ref, test } from './fixtures.ts'
import { grid, openAllFiles, paneRows } from './index-helpers.ts'

/** The rename field of the row or tile named `name` (its accessible name says which). */
const nameField = (page: Page, name: string) => page.getByRole('textbox', { name: `New name for ${name}` })

/** The host's name for a file, as its file list says now. */
async function hostName(sb: SandboxRef, code: string | undefined): Promise<string | undefined> {
  return (await listFiles(sb)).find((f) => f.file_code === code)?.name
}

/** The host's name for a folder under `parentId`. */
async function hostFolderNames(sb: SandboxRef, parentId = 0): Promise<string[]> {
  const result = await apiGet<{ folders: { name: string }[] }>(sb, 'folder/list', { fld_id: parentId })
  return result.folders.map((f) => f.name).sort()
}

/** Switches operations off on the sandbox, as real hosts do per plan ("This function not allowed in API"). */
async function disallow(sb: SandboxRef, operations: string): Promise<void> {
  const url = new URL('/sandbox/faults', sb.baseUrl)
  url.searchParams.set('key', sb.apiKey)
  url.searchParams.set('disallow', operations)
  const res = await fetch(url)
  if (!res.ok) throw new Error(`sandbox disallow failed: ${res.status}`)
}

/** A click on the row, then F2: its name field opens. */
async function startRename(row: Locator): Promise<void> {
  await row.click()
  await row.page().keyboard.press('F2')
}

/** Focus is back on the grid with its cursor on `row` (the row or tile element). */
async function expectCursorOn(page: Page, row: Locator): Promise<void> {
  await expect(grid(page)).toBeFocused()
  const id = await row.getAttribute('id')
  await expect(grid(page)).toHaveAttribute('aria-activedescendant', id ?? '')
  await expect(row).toHaveAttribute('aria-selected', 'true')
}

test('F2 on a file: the stem is selected, keys stay in the field, Enter renames on the host', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  // Inside a folder, so a Backspace reaching the grid would leave it for the parent.
  await fileRow(page, 'Documents').dblclick()
  const crumbs = page.getByRole('navigation', { name: 'Folder path' })
  await expect(crumbs).toContainText('Documents')
  await startRename(fileRow(page, 'contract.docx'))

  const field = nameField(page, 'contract.docx')
  await expect(field).toBeFocused()
  await expect(field).toHaveValue('contract.docx')
  expect(await field.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, 8])
  await page.keyboard.type('lease-2025x')
  // Backspace, the arrows, Home and End edit the text: the grid neither goes up nor moves its cursor.
  await page.keyboard.press('Backspace')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowRight')
  await expect(field).toHaveValue('lease-2025.docx')
  await expect(crumbs).toContainText('Documents')

  await page.keyboard.press('Enter')
  await expect(field).toHaveCount(0)
  const renamed = fileRow(page, 'lease-2025.docx')
  await expect(renamed).toBeVisible()
  await expectCursorOn(page, renamed)
  await expect(page.getByText('Renamed to “lease-2025.docx”')).toBeVisible()
  await expect.poll(() => hostName(ref(sandbox), seeded.files['contract.docx'])).toBe('lease-2025.docx')

  // The same again on the renamed file: a second rename in a row works from the new name.
  await page.keyboard.press('F2')
  await expect(nameField(page, 'lease-2025.docx')).toBeFocused()
  await page.keyboard.type('lease-final')
  await page.keyboard.press('Enter')
  await expect.poll(() => hostName(ref(sandbox), seeded.files['contract.docx'])).toBe('lease-final.docx')
  await expect(fileRow(page, 'lease-final.docx')).toBeVisible()
})

test('Esc keeps the old name, sends nothing, and gives the keys back to the grid', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await startRename(fileRow(page, 'notes.txt'))
  await page.keyboard.type('something else entirely')
  await page.keyboard.press('Escape')

  await expect(nameField(page, 'notes.txt')).toHaveCount(0)
  const row = fileRow(page, 'notes.txt')
  await expect(row).toBeVisible()
  await expectCursorOn(page, row)
  expect(await hostName(ref(sandbox), seeded.files['notes.txt'])).toBe('notes.txt')
  // A second F2 starts from the name the file has, not from what was typed before Esc.
  await page.keyboard.press('F2')
  await expect(nameField(page, 'notes.txt')).toHaveValue('notes.txt')
  await page.keyboard.press('Escape')
  // The grid has the keyboard again: Down moves the cursor to the next row.
  await page.keyboard.press('ArrowDown')
  await expect(row).toHaveAttribute('aria-selected', 'false')
})

test('an empty name is refused in the field, which stays with a reason until fixed', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await startRename(fileRow(page, 'notes.txt'))
  const field = nameField(page, 'notes.txt')
  await field.fill('   ')
  await page.keyboard.press('Enter')
  await expect(field).toBeFocused()
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('alert').filter({ hasText: 'Name is empty' })).toBeVisible()
  await field.fill('kept.txt')
  await expect(field).toHaveAttribute('aria-invalid', 'false')
  await page.keyboard.press('Enter')
  await expect.poll(() => hostName(ref(sandbox), seeded.files['notes.txt'])).toBe('kept.txt')
})

test('a rename the host refuses shows at once, then rolls back with a message', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await disallow(ref(sandbox), 'file/rename')
  await startRename(fileRow(page, 'notes.txt'))
  await page.keyboard.type('refused')
  await page.keyboard.press('Enter')

  await expect(page.getByRole('alert').filter({ hasText: 'does not allow' })).toBeVisible()
  await expect(fileRow(page, 'notes.txt')).toBeVisible()
  await expect(fileRow(page, 'refused.txt')).toHaveCount(0)
  expect(await hostName(ref(sandbox), seeded.files['notes.txt'])).toBe('notes.txt')

  // Once the host allows it again, the same rename goes through.
  await disallow(ref(sandbox), '')
  await startRename(fileRow(page, 'notes.txt'))
  await page.keyboard.type('refused')
  await page.keyboard.press('Enter')
  await expect.poll(() => hostName(ref(sandbox), seeded.files['notes.txt'])).toBe('refused.txt')
})

test('a folder row renames in place (F2), and a refused folder rename rolls back', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  await startRename(fileRow(page, 'Photos'))
  const field = nameField(page, 'Photos')
  await expect(field).toBeFocused()
  // A folder name has no extension: all of it is selected.
  expect(await field.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, 6])
  await page.keyboard.type('Pictures')
  await page.keyboard.press('Enter')
  const renamed = fileRow(page, 'Pictures')
  await expect(renamed).toBeVisible()
  await expectCursorOn(page, renamed)
  await expect.poll(() => hostFolderNames(ref(sandbox))).toEqual(['Documents', 'Pictures'])
  // The tree has the new name too.
  await expect(page.getByRole('treeitem', { name: 'Pictures' })).toBeVisible()

  await disallow(ref(sandbox), 'folder/rename')
  await page.keyboard.press('F2')
  await page.keyboard.type('Refused')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert').filter({ hasText: '“Pictures” keeps its name' })).toBeVisible()
  await expect(fileRow(page, 'Pictures')).toBeVisible()
  await expect(fileRow(page, 'Refused')).toHaveCount(0)
  expect(await hostFolderNames(ref(sandbox))).toEqual(['Documents', 'Pictures'])
})

test('leaving the field by clicking another row renames, as Enter would', async ({ page, host, sandbox }) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await startRename(fileRow(page, 'notes.txt'))
  await page.keyboard.type('clicked-away')
  await fileRow(page, 'holiday.jpg').click()
  await expect(nameField(page, 'notes.txt')).toHaveCount(0)
  await expect.poll(() => hostName(ref(sandbox), seeded.files['notes.txt'])).toBe('clicked-away.txt')
  // The click placed the cursor where it landed.
  await expect(fileRow(page, 'holiday.jpg')).toHaveAttribute('aria-selected', 'true')
})

test('the context menu renames a tile in the grid view', async ({ page, host, sandbox }) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await page.getByRole('button', { name: 'Grid view' }).click()
  const tile = page.getByRole('gridcell').filter({ hasText: 'holiday.jpg' })
  await tile.click({ button: 'right' })
  await page.getByRole('menuitem', { name: 'Rename' }).click()
  const field = nameField(page, 'holiday.jpg')
  await expect(field).toBeFocused()
  expect(await field.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, 7])
  await page.keyboard.type('summer')
  await page.keyboard.press('Enter')
  const renamed = page.getByRole('gridcell').filter({ hasText: 'summer.jpg' })
  await expect(renamed).toBeVisible()
  await expectCursorOn(page, renamed)
  await expect.poll(() => hostName(ref(sandbox), seeded.files['holiday.jpg'])).toBe('summer.jpg')
})

test.describe('in a long list', () => {
  test.use({ seedFiles: 300 })

  test('a row scrolled out of view while its name is edited is renamed with what was typed', async ({
    page,
    host,
    sandbox,
  }) => {
    await openAllFiles(page, host, sandbox, 300, 60_000)
    const first = paneRows(page, '.file-row[aria-rowindex="2"]')
    const code = (await first.getAttribute('data-code')) ?? ''
    const before = (await hostName(ref(sandbox), code)) ?? ''
    expect(before).not.toBe('')
    await startRename(first)
    const field = nameField(page, before)
    await expect(field).toBeFocused()
    await page.keyboard.type('scrolled-away')

    // The wheel takes the pane far down: the row, and its field, leave the page.
    await grid(page).hover()
    await page.mouse.wheel(0, 8000)
    await expect(field).toHaveCount(0)
    const extension = before.slice(before.lastIndexOf('.'))
    await expect.poll(() => hostName(ref(sandbox), code)).toBe(`scrolled-away${extension}`)

    // Back at the top the edit is over (no field comes back); the file is listed under its new name.
    await page.mouse.wheel(0, -8000)
    await expect(paneRows(page, '.file-row[aria-rowindex="2"]')).toBeVisible()
    await expect(page.getByRole('textbox', { name: /^New name for/ })).toHaveCount(0)
    await page.getByRole('searchbox').fill('scrolled-away')
    await expect(grid(page).locator(`[role="row"][data-code="${code}"]`)).toContainText(
      `scrolled-away${extension}`,
    )
  })
})
