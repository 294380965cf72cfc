import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, openWithSmallTree, test } from './fixtures.ts'

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
  // Settings lies over the toasts, which wait (their time stands still) while the language changes under it.
  await page.keyboard.press('Control+,')
  await page.getByRole('dialog').getByRole('combobox', { name: 'Language' }).selectOption('es')
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Idioma' })).toHaveValue('es')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(toast).toHaveCount(1)
  await expect(toast).toContainText(spanish['queue.undo.nothing'] as string)
  await expect(toast).not.toContainText('Nothing to undo')
})
