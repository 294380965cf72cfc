import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, openWithSmallTree, ref, test } from './fixtures.ts'
import { setFaults } from './upload-helpers.ts'

const spanish: Record<string, string> = JSON.parse(
  readFileSync(join(import.meta.dirname, '../shared/i18n/messages/es.json'), 'utf8'),
)

test('a toast on screen when the language changes is re-worded in the new language', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  // Ctrl+Z with nothing to undo: a refusal toast.
  await page.getByRole('grid').click()
  await page.keyboard.press('Control+z')
  const toast = page.locator('.toast')
  await expect(toast).toHaveCount(1)
  await expect(toast).toContainText('Nothing to undo')
  await switchToSpanish(page)
  await expect(toast).toHaveCount(1)
  await expect(toast).toContainText(spanish['queue.undo.nothing'] as string)
  await expect(toast).not.toContainText('Nothing to undo')
})

test('main’s error in a toast is re-worded too: the host’s refusal, said in English, reads Spanish after the switch', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  await setFaults(ref(sandbox), { disallow: 'folder/rename' })
  const tree = page.getByRole('tree', { name: 'Folders' })
  await tree.getByRole('treeitem', { name: 'Documents', exact: true }).press('F2')
  const field = tree.getByRole('textbox', { name: 'New name for folder Documents' })
  await field.fill('Papers')
  await field.press('Enter')
  const toast = page.locator('.toast[data-tone="error"]')
  // The error is main's (a FiledockError with a message id), inside the window's own sentence.
  await expect(toast).toContainText('“Documents” keeps its name: The host does not allow renaming a folder')
  await switchToSpanish(page)
  const kept = (spanish['folders.rename.kept'] as string)
    .replace('{name}', 'Documents')
    .split('{error}')[0] as string
  const refused = (spanish['errors.host.forbidden'] as string).split('{action}')[0] as string
  const action = spanish['errors.action.folderRename'] as string
  await expect(toast).toContainText(`${kept}${refused}${action}`)
  await expect(toast).not.toContainText('does not allow')
})

/** Through Settings, which lies over the toasts: their time stands still while the language changes under it. */
async function switchToSpanish(page: Page): Promise<void> {
  await page.keyboard.press('Control+,')
  await page.getByRole('dialog').getByRole('combobox', { name: 'Language' }).selectOption('es')
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Idioma' })).toHaveValue('es')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
}
