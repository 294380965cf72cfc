import { expect, fileRow, openWithSmallTree, test } from './fixtures.ts'
import { grid } from './index-helpers.ts'
import { hitsItself, toastsWith } from './layout-helpers.ts'

test('a toast says what it is by its icon: a refusal is not a ✓, a failure neither', async ({
  page,
  context,
  host,
  sandbox,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openWithSmallTree(page, host, sandbox)
  await grid(page).focus()
  // Nothing selected: Ctrl+C is refused, with words and the refusal's own icon.
  await page.keyboard.press('Control+c')
  const refused = toastsWith(page, 'Select files to copy their links')
  await expect(refused.getByRole('img', { name: 'Not done' })).toBeVisible()
  await expect(refused.getByRole('img', { name: 'Done' })).toHaveCount(0)
  await page.keyboard.press('Control+z')
  await expect(toastsWith(page, 'Nothing to undo').getByRole('img', { name: 'Not done' })).toBeVisible()

  // What was done gets the ✓.
  await fileRow(page, 'notes.txt').click()
  await page.keyboard.press('Control+c')
  await expect(toastsWith(page, 'Copied link').getByRole('img', { name: 'Done' })).toBeVisible()

  // A failure: an empty name, left behind in the field, keeps the old name and says so.
  await page.keyboard.press('F2')
  const field = page.getByLabel('New name for notes.txt')
  await field.fill('   ')
  await grid(page).click({ position: { x: 5, y: 5 } })
  await expect(
    toastsWith(page, '“notes.txt” keeps its name').getByRole('img', { name: 'Error' }),
  ).toBeVisible()
})

test('toasts never cover a dialog’s buttons: a dialog lies over them, in a small window too', async ({
  page,
  host,
  sandbox,
}) => {
  await page.setViewportSize({ width: 1024, height: 640 })
  await openWithSmallTree(page, host, sandbox)
  await grid(page).focus()
  for (let n = 0; n < 4; n++) await page.keyboard.press('Control+c')
  const toasts = toastsWith(page, 'Select files to copy their links')
  await expect(toasts).toHaveCount(4)

  for (const open of [
    async () => {
      await fileRow(page, 'notes.txt').click({ button: 'right' })
      await page.getByRole('menuitem', { name: /Move to folder/ }).click()
      await page.getByRole('dialog').getByRole('treeitem', { name: 'Photos' }).click()
    },
    async () => {
      await page.getByRole('button', { name: 'Upload…' }).click()
      await page.getByRole('menuitem', { name: /URL/ }).first().click()
      await page.getByRole('dialog').getByRole('textbox').fill('https://example.org/a.iso')
    },
  ]) {
    await open()
    const dialog = page.getByRole('dialog')
    await expect(toasts).toHaveCount(4)
    for (const button of await dialog.getByRole('button').all())
      expect(await hitsItself(button), `${await button.textContent()} is covered`).toBe(true)
    // Wherever a toast lies, the dialog (and its overlay) is over it: none can come between the user and a button.
    for (const t of await toasts.all()) expect(await hitsItself(t), 'a toast over the dialog').toBe(false)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
  }
})
