import type { Page } from '@playwright/test'
import { apiGet, type SandboxRef } from '../sandbox/testing/api-calls.ts'
import { expect, fileRow, openWithSmallTree, ref, test } from './fixtures.ts'

/** The folders directly in a folder, as the host lists them now. */
async function hostFolders(sb: SandboxRef, fldId: number): Promise<string[]> {
  const listing = await apiGet<{ folders: Array<{ name: string }> }>(sb, 'folder/list', { fld_id: fldId })
  return listing.folders.map((f) => f.name).sort()
}

/** Switches host operations off ("This function not allowed in API"), or back on with an empty list. */
async function disallow(sb: SandboxRef, operations: string): Promise<void> {
  const url = new URL('/sandbox/faults', sb.baseUrl)
  url.searchParams.set('key', sb.apiKey)
  url.searchParams.set('disallow', operations)
  const res = await fetch(url)
  if (!res.ok) throw new Error(`disallow failed: ${res.status}`)
}

const tree = (page: Page) => page.getByRole('tree', { name: 'Folders' })
const node = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true })
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Folder path' })

test('F2 renames a folder in place: Enter commits to the host, the breadcrumb and the file pane follow', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await expect(fileRow(page, 'Photos')).toBeVisible()

  // Esc puts things back: nothing typed reaches the host.
  await node(page, 'Photos').focus()
  await page.keyboard.press('F2')
  const field = tree(page).getByRole('textbox', { name: 'New name for folder Photos' })
  await expect(field).toBeFocused()
  await expect(field).toHaveValue('Photos')
  await page.keyboard.type('Junk')
  await page.keyboard.press('Escape')
  await expect(field).toHaveCount(0)
  await expect(node(page, 'Photos')).toBeFocused()
  expect(await hostFolders(ref(sandbox), 0)).toEqual(['Documents', 'Photos'])

  // F2 again, a new name, Enter: the tree and the file pane's folder row show it, and so does the host.
  await page.keyboard.press('F2')
  await expect(field).toBeFocused()
  await page.keyboard.type('Pictures')
  await page.keyboard.press('Enter')
  await expect(node(page, 'Pictures')).toBeVisible()
  await expect(node(page, 'Pictures')).toBeFocused()
  await expect(page.getByText('Renamed folder to “Pictures”')).toBeVisible()
  await expect(fileRow(page, 'Pictures')).toBeVisible()
  await expect.poll(() => hostFolders(ref(sandbox), 0)).toEqual(['Documents', 'Pictures'])

  // The open folder renamed: the breadcrumb takes the new name at once.
  await node(page, 'Documents').click()
  await expect(fileRow(page, 'contract.docx')).toBeVisible()
  await expect(crumbs(page)).toContainText('Documents')
  await node(page, 'Documents').press('F2')
  await page.keyboard.type('Papers')
  await page.keyboard.press('Enter')
  await expect(crumbs(page).getByRole('button', { name: 'Papers' })).toBeVisible()
  await expect(crumbs(page)).not.toContainText('Documents')
  await expect.poll(() => hostFolders(ref(sandbox), 0)).toEqual(['Papers', 'Pictures'])
  // Its subfolder is where it was, under the new name.
  expect(await hostFolders(ref(sandbox), seeded.folders.documents)).toEqual(['Invoices'])

  // After a reload the names come from the host.
  await page.reload()
  await expect(node(page, 'Papers')).toBeVisible()
  await expect(node(page, 'Pictures')).toBeVisible()
})

test('a folder rename the host refuses rolls back everywhere with a message; the same rename later succeeds', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  await node(page, 'Documents').click()
  await expect(fileRow(page, 'Invoices')).toBeVisible()

  await disallow(ref(sandbox), 'folder/rename')
  await node(page, 'Documents').click({ button: 'right' })
  await page.getByRole('menu', { name: 'Folder Documents' }).getByRole('menuitem', { name: 'Rename' }).click()
  const field = tree(page).getByRole('textbox', { name: 'New name for folder Documents' })
  await expect(field).toBeFocused()
  await field.fill('Papers')
  await field.press('Enter')
  await expect(page.getByText(/“Documents” keeps its name: .*not allowed/)).toBeVisible()
  await expect(node(page, 'Documents')).toBeVisible()
  await expect(node(page, 'Papers')).toHaveCount(0)
  await expect(crumbs(page).getByRole('button', { name: 'Documents' })).toBeVisible()
  expect(await hostFolders(ref(sandbox), 0)).toEqual(['Documents', 'Photos'])

  // Repeating it once the host allows it again: one rename, as asked.
  await disallow(ref(sandbox), '')
  await node(page, 'Documents').press('F2')
  await expect(field).toBeFocused()
  await page.keyboard.type('Papers')
  await page.keyboard.press('Enter')
  await expect(node(page, 'Papers')).toBeVisible()
  await expect(crumbs(page).getByRole('button', { name: 'Papers' })).toBeVisible()
  await expect.poll(() => hostFolders(ref(sandbox), 0)).toEqual(['Papers', 'Photos'])
})

test('Esc gives focus back to the folder, unless focus was moved elsewhere meanwhile', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  const field = tree(page).getByRole('textbox', { name: 'New name for folder Documents' })

  await node(page, 'Documents').focus()
  await page.keyboard.press('F2')
  await expect(field).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(node(page, 'Documents')).toBeFocused()

  // Esc and, in the same task, another folder focused (a quick click, or a test's focus()): the edit's ending
  // must not take focus back a moment later, or the next F2 renames the folder just left.
  await page.keyboard.press('F2')
  await expect(field).toBeFocused()
  const root = await node(page, 'My files').elementHandle()
  await field.evaluate((input, other) => {
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }))
    ;(other as HTMLElement | null)?.focus()
  }, root)
  await expect(field).toHaveCount(0)
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)))
  await expect(node(page, 'My files')).toBeFocused()
  await page.keyboard.press('F2')
  await expect(tree(page).getByRole('textbox')).toHaveCount(0)
})

test('a bad folder name says why and keeps what was typed; the root cannot be renamed', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)

  await node(page, 'Documents').focus()
  await page.keyboard.press('F2')
  const field = tree(page).getByRole('textbox', { name: 'New name for folder Documents' })
  await field.fill('   ')
  await field.press('Enter')
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(tree(page).getByRole('alert')).toHaveText('Name is empty')
  await field.fill('Photos')
  await field.press('Enter')
  await expect(tree(page).getByRole('alert')).toHaveText('“My files” already has a folder named “Photos”')
  await expect(field).toHaveValue('Photos')
  await field.press('Escape')
  await expect(node(page, 'Documents')).toBeVisible()
  expect(await hostFolders(ref(sandbox), 0)).toEqual(['Documents', 'Photos'])

  await node(page, 'My files').focus()
  await page.keyboard.press('F2')
  await expect(tree(page).getByRole('textbox')).toHaveCount(0)
  // From the keyboard: Shift+F10 opens the folder's menu at its row, where Rename is not offered for the root.
  await page.keyboard.press('Shift+F10')
  const menu = page.getByRole('menu', { name: 'Folder My files' })
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeDisabled()
  await page.keyboard.press('Escape')
  await expect(menu).toHaveCount(0)
  await node(page, 'Documents').focus()
  await page.keyboard.press('Shift+F10')
  await page.getByRole('menu', { name: 'Folder Documents' }).getByRole('menuitem', { name: 'Rename' }).click()
  await expect(tree(page).getByRole('textbox', { name: 'New name for folder Documents' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(node(page, 'Documents')).toBeFocused()
})

test('new folder in place: the sidebar’s + opens a name field in the tree, Ctrl+N in the list; Enter creates, Esc cancels, a repeat does not duplicate', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await node(page, 'Documents').click()
  await expect(fileRow(page, 'Invoices')).toBeVisible()

  await page.getByRole('button', { name: 'New folder in Documents' }).click()
  const draft = tree(page).getByRole('treeitem', { name: 'New folder in Documents' })
  const field = draft.getByRole('textbox', { name: 'New folder name' })
  await expect(field).toBeFocused()
  // No dialog: the name is typed where the folder will be.
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.keyboard.press('Enter')
  await expect(draft.getByRole('alert')).toHaveText('Name is empty')
  await page.keyboard.type('Receipts')
  await page.keyboard.press('Enter')
  await expect(draft).toHaveCount(0)
  await expect(node(page, 'Receipts')).toBeFocused()
  await expect(page.getByText('Created folder “Receipts”')).toBeVisible()
  await expect(fileRow(page, 'Receipts')).toBeVisible()
  expect(await hostFolders(ref(sandbox), seeded.folders.documents)).toEqual(['Invoices', 'Receipts'])

  // The same again from the list (Ctrl+N names it at the top of the list): refused with the reason, the host
  // keeps one Receipts.
  await page.getByRole('grid', { name: 'Files' }).focus()
  await page.keyboard.press('Control+n')
  const inList = page
    .getByRole('grid', { name: 'Files' })
    .getByRole('row', { name: 'New folder in Documents' })
  const listField = inList.getByRole('textbox', { name: 'New folder name' })
  await expect(listField).toBeFocused()
  await page.keyboard.type('Receipts')
  await page.keyboard.press('Enter')
  await expect(inList.getByRole('alert')).toHaveText('“Documents” already has a folder named “Receipts”')
  await expect(listField).toHaveValue('Receipts')
  await page.keyboard.press('Escape')
  await expect(inList).toHaveCount(0)
  expect(await hostFolders(ref(sandbox), seeded.folders.documents)).toEqual(['Invoices', 'Receipts'])

  // Esc on a fresh field creates nothing.
  await page.getByRole('button', { name: 'New folder in Documents' }).click()
  await expect(field).toBeFocused()
  await page.keyboard.type('Scratch')
  await page.keyboard.press('Escape')
  await expect(draft).toHaveCount(0)
  expect(await hostFolders(ref(sandbox), seeded.folders.documents)).toEqual(['Invoices', 'Receipts'])
})

test('a new folder the host refuses keeps its name and says why; sent again it is made once', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)

  await disallow(ref(sandbox), 'folder/create')
  await page.getByRole('button', { name: 'New folder in My files' }).click()
  const draft = tree(page).getByRole('treeitem', { name: 'New folder in My files' })
  const field = draft.getByRole('textbox', { name: 'New folder name' })
  await expect(field).toBeFocused()
  await page.keyboard.type('Music')
  await page.keyboard.press('Enter')
  await expect(draft.getByRole('alert')).toContainText('Not created:')
  await expect(draft.getByRole('alert')).toContainText('not allowed')
  await expect(field).toHaveValue('Music')
  expect(await hostFolders(ref(sandbox), 0)).toEqual(['Documents', 'Photos'])

  await disallow(ref(sandbox), '')
  await field.press('Enter')
  await expect(node(page, 'Music')).toBeVisible()
  await expect(draft).toHaveCount(0)
  expect(await hostFolders(ref(sandbox), 0)).toEqual(['Documents', 'Music', 'Photos'])
})
