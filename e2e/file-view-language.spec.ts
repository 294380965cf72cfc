import type { SandboxHandle } from '../sandbox/server.ts'
import { expect, type Host, openWithSmallTree, test } from './fixtures.ts'

type Page = import('@playwright/test').Page

/** The small tree, the window in Spanish, chosen in Settings as a user does (e2e/language.spec.ts). */
async function openInSpanish(page: Page, host: Host, sandbox: SandboxHandle): Promise<void> {
  await openWithSmallTree(page, host, sandbox)
  await page.keyboard.press('Control+,')
  const settings = page.getByRole('dialog')
  await settings.getByRole('combobox', { name: 'Language' }).selectOption('es')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.keyboard.press('Escape')
  await expect(settings).toHaveCount(0)
}

const files = (page: Page) => page.getByRole('grid', { name: 'Archivos' })
const rowOf = (page: Page, name: string) => files(page).getByRole('row').filter({ hasText: name })
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Buscar archivos por nombre' })

test('in Spanish the file view speaks Spanish, counts with Spanish plurals and leaves names as they are', async ({
  page,
  host,
  sandbox,
}) => {
  await openInSpanish(page, host, sandbox)
  // The account's root is named in the window's language; folder names are the host's.
  const crumbs = page.getByRole('navigation', { name: 'Ruta de la carpeta' })
  await expect(crumbs.getByRole('button', { name: 'Mis archivos' })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: 'Nombre' })).toBeVisible()
  await expect(rowOf(page, 'Photos')).toContainText('Carpeta')
  await expect(page.getByTestId('status-count')).toHaveText(/^\d+ archivos?$/)
  await rowOf(page, 'Photos').dblclick()
  await expect(crumbs.getByRole('button', { name: 'Photos' })).toHaveAttribute('translate', 'no')
  await expect(rowOf(page, 'beach.png')).toBeVisible()
  await rowOf(page, 'beach.png').click()
  await expect(page.getByTestId('status-selection')).toContainText('1 seleccionados')
})

test('in Spanish, Esc in the search box gives the keyboard back to the file list', async ({
  page,
  host,
  sandbox,
}) => {
  await openInSpanish(page, host, sandbox)
  await expect(rowOf(page, 'Photos')).toBeVisible()
  // Nothing typed: the list stays as it is (a cleared search would remount it, and a new list takes focus itself).
  await searchBox(page).click()
  await searchBox(page).press('Escape')
  // The list was looked up by its English name: in another language Esc let go of the keyboard altogether.
  await expect(files(page)).toBeFocused()
})

test('in Spanish, a wider search from "No matches" hands the keyboard to the search-scope switch', async ({
  page,
  host,
  sandbox,
}) => {
  await openInSpanish(page, host, sandbox)
  await rowOf(page, 'Photos').dblclick()
  await expect(rowOf(page, 'beach.png')).toBeVisible()
  await searchBox(page).fill('pdf')
  await expect(page.getByText('Sin resultados')).toBeVisible()
  await page.getByRole('button', { name: 'Buscar en toda la cuenta: 2 resultados' }).click()
  const scope = page.getByRole('combobox', { name: 'Buscar en' })
  await expect(scope.locator('option:checked')).toHaveText('Toda la cuenta')
  await expect(rowOf(page, 'invoice-001.pdf')).toContainText('Mis archivos/Documents/Invoices')
  // The switch was looked up by its English name: in another language focus fell to the page.
  await expect(scope).toBeFocused()
})
