import type { Page } from '@playwright/test'
import {
  apiGet,
  createFolder,
  deleteFile,
  listFiles,
  type SandboxRef,
  seedSmallTree,
  upload,
} from '../sandbox/testing/api-calls.ts'
import { expect, fileRow, openWithAccount, openWithSmallTree, ref, test } from './fixtures.ts'
import { grid } from './index-helpers.ts'

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: text })

/** F2 on the file, the new name typed where the name is edited (a dialog or the row itself), Enter. */
async function renameFile(page: Page, from: string, to: string): Promise<void> {
  await fileRow(page, from).click()
  await page.keyboard.press('F2')
  const field = page.locator('input:focus')
  await expect(field).toBeVisible()
  await field.fill(to)
  await field.press('Enter')
  await expect(toast(page, `Renamed to “${to}”`)).toBeVisible()
}

/** Moves the selection through the context menu and the folder picker. */
async function moveSelectionTo(page: Page, rowName: string, folder: string): Promise<void> {
  await fileRow(page, rowName).click({ button: 'right' })
  await page.getByRole('menuitem', { name: /Move to folder/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Move to folder' })
  await dialog.getByRole('treeitem', { name: folder }).click()
  await dialog.getByRole('button', { name: `Move to “${folder}”` }).click()
}

const nameOnHost = async (sb: SandboxRef, code: string) =>
  (await listFiles(sb)).find((f) => f.file_code === code)?.name
const folderOnHost = async (sb: SandboxRef, code: string) =>
  (await listFiles(sb)).find((f) => f.file_code === code)?.fld_id
const rootFolders = async (sb: SandboxRef) =>
  (await apiGet<{ folders: Array<{ name: string }> }>(sb, 'folder/list', { fld_id: 0 })).folders
    .map((f) => f.name)
    .sort()

test('a rename is undone by the toast’s button or Ctrl+Z, each rename once', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  const seeded = await openWithSmallTree(page, host, sandbox)
  const code = seeded.files['notes.txt'] as string

  await renameFile(page, 'notes.txt', 'meeting.txt')
  await expect.poll(() => nameOnHost(sb, code)).toBe('meeting.txt')
  await toast(page, 'Renamed to “meeting.txt”').getByRole('button', { name: 'Undo' }).click()
  await expect(toast(page, 'Undid the rename of “notes.txt” to “meeting.txt”')).toBeVisible()
  await expect.poll(() => nameOnHost(sb, code)).toBe('notes.txt')
  await expect(fileRow(page, 'notes.txt')).toBeVisible()
  // The one undo entry is spent: Ctrl+Z has nothing left rather than undoing something else.
  await page.keyboard.press('Control+z')
  await expect(toast(page, 'Nothing to undo')).toBeVisible()

  await renameFile(page, 'notes.txt', 'agenda.txt')
  await expect.poll(() => nameOnHost(sb, code)).toBe('agenda.txt')
  await page.keyboard.press('Control+z')
  await expect(toast(page, 'Undid the rename of “notes.txt” to “agenda.txt”')).toBeVisible()
  // A used Undo is gone: the rename's own toast, with its button, went when Ctrl+Z undid it (read at once, not
  // waited for: the toast would leave by itself a few seconds later).
  expect(await toast(page, 'Renamed to “agenda.txt”').count()).toBe(0)
  await expect.poll(() => nameOnHost(sb, code)).toBe('notes.txt')
  await page.keyboard.press('Control+z')
  await expect(toast(page, 'Nothing to undo').last()).toBeVisible()
  expect(await nameOnHost(sb, code)).toBe('notes.txt')

  // In a text field Ctrl+Z is the field's own: typing in the search box and undoing it renames nothing.
  await renameFile(page, 'notes.txt', 'minutes.txt')
  const search = page.getByLabel('Search files by name')
  await search.fill('min')
  await search.press('Control+z')
  await expect(toast(page, 'Undid the rename')).toHaveCount(0)
  expect(await nameOnHost(sb, code)).toBe('minutes.txt')
})

test('undoing a move sends each file back to its own folder (files from a search everywhere)', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  const seeded = await seedSmallTree(sb)
  const archive = await createFolder(sb, 'Archive')
  const from = {
    [await upload(sb, 'qqz-root.txt', 'in the root', 0)]: 0,
    [await upload(sb, 'qqz-photo.txt', 'in Photos', seeded.folders.photos)]: seeded.folders.photos,
    [await upload(sb, 'qqz-invoice.txt', 'in Invoices', seeded.folders.invoices)]: seeded.folders.invoices,
  }
  await openWithAccount(page, host, sandbox)
  await page.getByRole('combobox', { name: 'Search in' }).selectOption('account')
  await page.getByLabel('Search files by name').fill('qqz')
  // The search is debounced: until it applies, the root folder is shown (its own qqz-root.txt among them), and a
  // Ctrl+A there would be dropped when the result changes. The invoice in its subfolder is the search's own row.
  await expect(fileRow(page, 'qqz-invoice.txt')).toContainText('Documents/Invoices')
  await expect(grid(page).locator('[role="row"][data-code]')).toHaveCount(3)
  await fileRow(page, 'qqz-root.txt').click()
  await page.keyboard.press('Control+a')
  await expect(page.getByText('3 selected')).toBeVisible()
  await moveSelectionTo(page, 'qqz-photo.txt', 'Archive')
  await expect(toast(page, 'Moved 3 files to Archive')).toBeVisible()
  const inArchive = await listFiles(sb, { fld_id: archive })
  expect(inArchive.map((f) => f.file_code).sort()).toEqual(Object.keys(from).sort())

  // While a dialog is open Ctrl+Z leaves the files alone: the dialog is about them.
  await fileRow(page, 'qqz-root.txt').click({ button: 'right' })
  await page.getByRole('menuitem', { name: /Move to folder/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Move to folder' })
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Control+z')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByLabel('Search files by name')).toHaveValue('qqz')
  expect((await listFiles(sb, { fld_id: archive })).map((f) => f.file_code).sort()).toEqual(
    Object.keys(from).sort(),
  )

  await grid(page).focus()
  await page.keyboard.press('Control+z')
  await expect(toast(page, 'Undid the move of 3 files to Archive')).toBeVisible()
  for (const [code, fldId] of Object.entries(from)) expect(await folderOnHost(sb, code)).toBe(fldId)
  expect(await listFiles(sb, { fld_id: archive })).toEqual([])
  // The search shows where each file is again.
  await expect(fileRow(page, 'qqz-invoice.txt')).toContainText('Documents/Invoices')

  for (const [code, fldId] of Object.entries(from)) expect(await folderOnHost(sb, code)).toBe(fldId)
})

test('a folder rename is undone, in the tree and on the host', async ({ page, host, sandbox }) => {
  const sb = ref(sandbox)
  await openWithSmallTree(page, host, sandbox)
  const tree = page.getByRole('tree', { name: 'Folders' })
  await tree.getByRole('treeitem', { name: 'Photos' }).focus()
  await page.keyboard.press('F2')
  const field = page.getByLabel('New name for folder Photos')
  await field.fill('Pictures')
  await field.press('Enter')
  await expect(toast(page, 'Renamed folder to “Pictures”')).toBeVisible()
  await expect.poll(() => rootFolders(sb)).toEqual(['Documents', 'Pictures'])

  await toast(page, 'Renamed folder to “Pictures”').getByRole('button', { name: 'Undo' }).click()
  await expect(toast(page, 'Undid the rename of folder “Photos” to “Pictures”')).toBeVisible()
  expect(await rootFolders(sb)).toEqual(['Documents', 'Photos'])
  await expect(tree.getByRole('treeitem', { name: 'Photos' })).toBeVisible()
  await page.keyboard.press('Control+z')
  await expect(toast(page, 'Nothing to undo')).toBeVisible()
  expect(await rootFolders(sb)).toEqual(['Documents', 'Photos'])
})

test('an undo the host’s changes make impossible says what was not undone, and undoes the rest', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  const seeded = await openWithSmallTree(page, host, sandbox)
  const notes = seeded.files['notes.txt'] as string
  const holiday = seeded.files['holiday.jpg'] as string
  const report = seeded.files['report-2024.pdf'] as string

  // Renamed here, then renamed again elsewhere: the undo leaves the other name alone.
  await renameFile(page, 'notes.txt', 'draft.txt')
  await apiGet(sb, 'file/rename', { file_code: notes, name: 'final.txt' })
  await page.keyboard.press('Control+z')
  await expect(
    toast(
      page,
      'Could not undo the rename of “notes.txt” to “draft.txt”: the file was renamed again elsewhere (it is now “final.txt”)',
    ),
  ).toBeVisible()
  expect(await nameOnHost(sb, notes)).toBe('final.txt')

  // Two files moved, one then deleted on the host: the other goes back, the deleted one is named.
  await fileRow(page, 'holiday.jpg').click()
  await fileRow(page, 'report-2024.pdf').click({ modifiers: ['Control'] })
  await moveSelectionTo(page, 'report-2024.pdf', 'Photos')
  await expect(toast(page, 'Moved 2 files to Photos')).toBeVisible()
  await deleteFile(sb, holiday)
  await toast(page, 'Moved 2 files to Photos').getByRole('button', { name: 'Undo' }).click()
  await expect(
    toast(
      page,
      'Could not undo the move of 2 files to Photos: 1 file went back; 1 file could not be moved back',
    ),
  ).toContainText('holiday.jpg')
  expect(await folderOnHost(sb, report)).toBe(0)
  await expect(fileRow(page, 'report-2024.pdf')).toBeVisible()
})

test('an undo leaves a file that a second window moved on since where it went', async ({
  page,
  host,
  sandbox,
  context,
}) => {
  const sb = ref(sandbox)
  const seeded = await openWithSmallTree(page, host, sandbox)
  await fileRow(page, 'holiday.jpg').click()
  await fileRow(page, 'notes.txt').click({ modifiers: ['Control'] })
  await moveSelectionTo(page, 'notes.txt', 'Photos')
  await expect(toast(page, 'Moved 2 files to Photos')).toBeVisible()

  const second = await context.newPage()
  await second.goto(host.url)
  await second.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: 'Photos' }).click()
  await fileRow(second, 'notes.txt').click()
  await moveSelectionTo(second, 'notes.txt', 'Documents')
  await expect(toast(second, 'Moved 1 file to Documents')).toBeVisible()

  await page.bringToFront()
  await grid(page).focus()
  await page.keyboard.press('Control+z')
  await expect(
    toast(
      page,
      'Could not undo the move of 2 files to Photos: 1 file went back; 1 file could not be moved back (notes.txt: it was moved to another folder since, and was left there)',
    ),
  ).toBeVisible()
  expect(await folderOnHost(sb, seeded.files['holiday.jpg'] as string)).toBe(0)
  expect(await folderOnHost(sb, seeded.files['notes.txt'] as string)).toBe(seeded.folders.documents)
})
