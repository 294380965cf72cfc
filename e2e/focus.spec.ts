import fs from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { apiGet, listFiles } from '../sandbox/testing/api-calls.ts'
import {
  addAccount,
  expect,
  expectIndexSettled,
  fileRow,
  openWithAccount,
  openWithSmallTree,
  ref,
  test,
} from './fixtures.ts'
import { expectCursorOn, grid, paneRows } from './index-helpers.ts'
import { type HostFolder, openUploadMenu } from './upload-helpers.ts'

/** Root rows by name: Documents, Photos (folders first), holiday.jpg, notes.txt, report-2024.pdf. */
async function cursorTo(page: Page, downs: number, rows = 5): Promise<void> {
  // Keys pressed before the rows arrive move a cursor over nothing: wait for all of them.
  await expect(paneRows(page, '[data-code]')).toHaveCount(rows)
  await grid(page).focus()
  for (let i = 0; i < downs; i++) await page.keyboard.press('ArrowDown')
}

async function focusMenuItem(page: Page, name: RegExp): Promise<void> {
  const item = page.getByRole('menuitem', { name })
  for (let i = 0; i < 10 && !(await item.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown')
  await expect(item).toBeFocused()
}

const rootFolders = async (sb: ReturnType<typeof ref>) =>
  (await apiGet<{ folders: HostFolder[] }>(sb, 'folder/list', { fld_id: 0 })).folders
    .map((f) => f.name)
    .sort()

/** Enter on the sidebar's Accounts button: the button, which takes focus back later, and the dialog it opens. */
async function openAccountsByKeyboard(page: Page) {
  const accountsButton = page
    .getByRole('complementary', { name: 'Sidebar' })
    .getByRole('button', { name: 'Accounts' })
  await accountsButton.focus()
  await page.keyboard.press('Enter')
  return { accountsButton, accounts: page.getByRole('dialog', { name: 'Accounts' }) }
}

test('Shift+F10 and the context-menu key open the menu at the cursor row with its first item focused', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  await cursorTo(page, 4) // notes.txt
  await expectCursorOn(page, 'notes.txt')
  const menu = page.getByRole('menu', { name: 'File actions' })

  for (const key of ['Shift+F10', 'ContextMenu']) {
    await page.keyboard.press(key)
    await expect(menu).toBeVisible()
    await expect(page.getByRole('menuitem', { name: 'Copy link' })).toBeFocused()
    const row = await fileRow(page, 'notes.txt').boundingBox()
    const box = await menu.boundingBox()
    if (!row || !box) throw new Error('row or menu has no box')
    // Opened at the row: its top edge within the row, its left edge over the row.
    expect(box.y).toBeGreaterThanOrEqual(row.y - 1)
    expect(box.y).toBeLessThanOrEqual(row.y + row.height)
    expect(box.x).toBeGreaterThanOrEqual(row.x)
    expect(box.x).toBeLessThan(row.x + row.width / 2)
    await page.keyboard.press('Escape')
    await expect(menu).toHaveCount(0)
    await expectCursorOn(page, 'notes.txt')
  }
})

test('the Move dialog opens on its folder list; Escape and a finished move give the row back its focus', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await cursorTo(page, 3) // holiday.jpg
  const dialog = page.getByRole('dialog', { name: 'Move to folder' })

  await page.keyboard.press('Shift+F10')
  await focusMenuItem(page, /Move to folder/)
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('treeitem', { name: 'My files' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expectCursorOn(page, 'holiday.jpg')

  // Again, and this time move it into Photos with the keyboard alone.
  await page.keyboard.press('ContextMenu')
  await focusMenuItem(page, /Move to folder/)
  await page.keyboard.press('Enter')
  const tree = dialog.getByRole('tree', { name: 'Destination folder' })
  await expect(tree.getByRole('treeitem', { name: 'Photos' })).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(tree.getByRole('treeitem', { name: 'Photos' })).toBeFocused()
  // Enter on a folder moves there, as Enter on a destination does in a file manager's Move dialog.
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('Moved 1 file to Photos')).toBeVisible()
  await expect
    .poll(async () =>
      (await listFiles(ref(sandbox), { fld_id: seeded.folders.photos })).map((f) => f.name).sort(),
    )
    .toEqual(['beach.png', 'holiday.jpg'])
  // The moved row left the folder; the grid still has the keyboard, so the arrows carry on.
  await expect(grid(page)).toBeFocused()
  await page.keyboard.press('Home')
  await expectCursorOn(page, 'Documents')
})

test('Ctrl+N in the list names the new folder at the top of the list; Enter puts cursor and selection on it', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  await openWithSmallTree(page, host, sandbox)
  await cursorTo(page, 5) // report-2024.pdf
  // In the list, where the user is looking: not in the sidebar's tree.
  const field = grid(page).getByRole('textbox', { name: 'New folder name' })
  const inTree = page.getByRole('tree', { name: 'Folders' }).getByRole('textbox', { name: 'New folder name' })

  await page.keyboard.press('Control+n')
  await expect(field).toBeFocused()
  await expect(inTree).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(field).toHaveCount(0)
  await expectCursorOn(page, 'report-2024.pdf')
  expect(await rootFolders(sb)).toEqual(['Documents', 'Photos'])

  await page.keyboard.press('Control+n')
  await expect(field).toBeFocused()
  await page.keyboard.type('Receipts')
  await page.keyboard.press('Enter')
  await expect(field).toHaveCount(0)
  await expect.poll(() => rootFolders(sb)).toEqual(['Documents', 'Photos', 'Receipts'])
  // The new folder's row has the cursor (the focus ring) and is the one selected: one row, not two.
  await expect(fileRow(page, 'Receipts')).toHaveAttribute('data-focused', 'true')
  await expectCursorOn(page, 'Receipts')
  await expect(paneRows(page, '[aria-selected="true"]')).toHaveCount(1)
  await expect(fileRow(page, 'Receipts')).toHaveAttribute('aria-selected', 'true')
  await expect(fileRow(page, 'report-2024.pdf')).toHaveAttribute('aria-selected', 'false')

  // With the tree's keyboard, Ctrl+N names the folder in the tree.
  await page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: 'My files' }).focus()
  await page.keyboard.press('Control+n')
  await expect(inTree).toBeFocused()
  await expect(field).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(inTree).toHaveCount(0)
})

test('F2 renames in place; Escape and Enter give the row back its focus', async ({ page, host, sandbox }) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await cursorTo(page, 4) // notes.txt
  const field = grid(page).getByRole('textbox', { name: 'New name for notes.txt' })

  await page.keyboard.press('F2')
  await expect(field).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(field).toHaveCount(0)
  await expectCursorOn(page, 'notes.txt')

  await page.keyboard.press('F2')
  await page.keyboard.press('Control+a')
  await page.keyboard.type('minutes.txt')
  await page.keyboard.press('Enter')
  await expect(field).toHaveCount(0)
  await expect
    .poll(
      async () =>
        (await listFiles(ref(sandbox))).find((f) => f.file_code === seeded.files['notes.txt'])?.name,
    )
    .toBe('minutes.txt')
  await expectCursorOn(page, 'minutes.txt')
})

test('the accounts dialog and a dialog opened from a menu give focus back to what opened them', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)

  const { accountsButton, accounts } = await openAccountsByKeyboard(page)
  await expect(accounts).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(accounts).toHaveCount(0)
  await expect(accountsButton).toBeFocused()

  // Add URLs… lives in the Upload menu, which is gone when its dialog closes: the menu's button takes focus.
  const menu = await openUploadMenu(page)
  await menu.getByRole('menuitem', { name: 'Add URLs…' }).click()
  const urls = page.getByRole('dialog')
  await expect(urls).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(urls).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Upload…' })).toBeFocused()
})

test('Ctrl+F puts the cursor in the search box of the view; the search finds the file', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  await cursorTo(page, 3)
  await page.keyboard.press('Control+f')
  const search = page.getByRole('searchbox', { name: 'Search files by name' })
  await expect(search).toBeFocused()
  await page.keyboard.type('notes')
  await expect(fileRow(page, 'notes.txt')).toBeVisible()
  await expect(fileRow(page, 'holiday.jpg')).toHaveCount(0)

  // The upload history has its own search box: Ctrl+F finds that one there.
  await page.getByRole('button', { name: 'Upload history' }).click()
  await page.getByRole('heading', { name: 'Upload history' }).click()
  await page.keyboard.press('Control+f')
  await expect(page.getByRole('searchbox', { name: 'Search upload history' })).toBeFocused()
})

test('the already-there question and a dialog inside the accounts dialog give focus back where it was', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const sb = ref(sandbox)
  await openWithSmallTree(page, host, sandbox)
  const dir = path.join(tmp, 'drop')
  await fs.mkdir(dir, { recursive: true })
  await fs.writeFile(path.join(dir, 'memo.txt'), 'memo')
  const finished = page.getByRole('dialog', { name: 'Upload finished' })

  await page.getByTestId('upload-folder-input').setInputFiles(dir)
  await expect(finished.getByTestId('batch-summary')).toContainText('1 file uploaded')
  await finished.getByRole('button', { name: 'Close' }).click()

  // The drop made a folder "drop" in the open folder. The index learns of it when the folder is next read from
  // the host, which a crawl still running may or may not do before the keys below: a row appearing above the
  // cursor then would move it. So the account is read again first (F5), and the test goes on once that crawl is
  // over and the rows have settled.
  await page.keyboard.press('F5')
  await expect(fileRow(page, 'drop')).toBeVisible()
  await expectIndexSettled(host.dataDir, 0)

  // The same drop again while the grid has the keyboard: asked, Escape skips, the grid has it back.
  await cursorTo(page, 5, 6) // notes.txt, after Documents, drop, Photos, holiday.jpg
  await page.getByTestId('upload-folder-input').setInputFiles(dir)
  const question = page.getByRole('dialog', { name: 'Some files are already there' })
  await expect(question.getByRole('button', { name: 'Skip them' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(question).toHaveCount(0)
  const nothingSent = page.getByRole('dialog', { name: 'Already there, nothing sent' })
  await expect(nothingSent.getByTestId('batch-summary')).toContainText('1 file already there, not sent again')
  await expectCursorOn(page, 'notes.txt')
  await expect.poll(async () => (await listFiles(sb)).filter((f) => f.name === 'memo.txt').length).toBe(1)
  // The finished card sits beside the work, not over it: Ctrl+F still reaches the search box.
  await page.keyboard.press('Control+f')
  await expect(page.getByRole('searchbox', { name: 'Search files by name' })).toBeFocused()

  // A dialog opened inside the accounts dialog gives focus back to its button there, then the accounts dialog
  // to the sidebar's button.
  const { accountsButton, accounts } = await openAccountsByKeyboard(page)
  const edit = accounts.getByRole('button', { name: 'Edit Sandbox' })
  await edit.focus()
  await page.keyboard.press('Enter')
  const editDialog = page.getByRole('dialog', { name: 'Edit “Sandbox”' })
  // It starts in its first field; once it has focus the dialog is the top layer, the one Escape closes.
  await expect(editDialog.getByLabel('Label')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(editDialog).toHaveCount(0)
  await expect(edit).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(accounts).toHaveCount(0)
  await expect(accountsButton).toBeFocused()
})

test('an Escape as a dialog opens over the accounts dialog closes that dialog at most, never the one under it', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  const { accounts } = await openAccountsByKeyboard(page)
  await expect(accounts.getByRole('button', { name: 'Edit Sandbox' })).toBeVisible()
  // The Edit dialog takes focus as it opens; the accounts dialog learns it is no longer the top a render later.
  // An Escape between the two (a busy machine's timing, made here by pressing it in the same task) once closed
  // the accounts dialog, and the Edit dialog with it.
  const focusedIn = await page.evaluate(async () => {
    const edit = document.querySelector<HTMLElement>('[role="dialog"] button[aria-label="Edit Sandbox"]')
    if (!edit) throw new Error('no Edit button in the accounts dialog')
    edit.focus()
    edit.click()
    await Promise.resolve()
    await Promise.resolve()
    const focused = document.activeElement
    focused?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }))
    return focused?.closest('[role="dialog"]')?.getAttribute('aria-labelledby') ? 'a dialog' : 'elsewhere'
  })
  expect(focusedIn).toBe('a dialog')
  // (While the Edit dialog is open, the accounts dialog is hidden from the accessibility tree: modal.)
  const editDialog = page.getByRole('dialog', { name: 'Edit “Sandbox”' })
  if ((await editDialog.count()) > 0) await page.keyboard.press('Escape')
  await expect(editDialog).toHaveCount(0)
  await expect(accounts).toBeVisible()
  await expect(accounts.getByRole('button', { name: 'Edit Sandbox' })).toBeFocused()
})

/**
 * The window is drawn again for the active account a moment after the accounts list says so: the switcher (under
 * the dialog, so found by its class) names it, and the accounts dialog drawn with the window has taken focus.
 */
async function windowRedrawnFor(page: Page, label: string): Promise<void> {
  await expect(page.locator('.account-switcher')).toContainText(label)
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null))
    .toBe(true)
}

test('switching account inside the accounts dialog redraws the window; Escape still gives the sidebar button focus', async ({
  page,
  host,
  sandbox,
}) => {
  const second = await sandbox.createAccount('second@sandbox.local')
  await openWithAccount(page, host, sandbox)
  const { accountsButton, accounts } = await openAccountsByKeyboard(page)
  await accounts.getByRole('button', { name: 'Add account' }).click()
  await addAccount(page, { label: 'Second', baseUrl: sandbox.baseUrl, apiKey: second.apiKey })
  // The new account is the active one: the window behind the dialog is drawn again for it.
  await expect(accounts.getByRole('listitem').filter({ hasText: 'Second' }).getByText('Active')).toBeVisible()
  await windowRedrawnFor(page, 'Second')
  await accounts
    .getByRole('listitem')
    .filter({ hasText: 'Sandbox' })
    .getByRole('button', { name: 'Switch' })
    .focus()
  await page.keyboard.press('Enter')
  await expect(
    accounts.getByRole('listitem').filter({ hasText: 'Sandbox' }).getByText('Active'),
  ).toBeVisible()
  await windowRedrawnFor(page, 'Sandbox')

  await page.keyboard.press('Escape')
  await expect(accounts).toHaveCount(0)
  await expect(accountsButton).toBeFocused()
  await expect(page.getByRole('button', { name: 'Switch account' })).toContainText('Sandbox')
})
