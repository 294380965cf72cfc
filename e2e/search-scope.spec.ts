import { upload } from '../sandbox/testing/api-calls.ts'
import { addAccount, expect, fileRow, openWithSmallTree, test } from './fixtures.ts'
import { grid } from './index-helpers.ts'

type Page = import('@playwright/test').Page

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search files by name' })
const scopeSwitch = (page: Page) => page.getByRole('combobox', { name: 'Search in' })
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Folder path' })

test('a search from a folder takes in its subfolders at any depth; a folder found deep opens at its place', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)

  // One level down, from the root (the root's own files do not match).
  await searchBox(page).fill('beach')
  await expect(fileRow(page, 'beach.png')).toContainText('My files/Photos')
  await expect(page.getByText('No matches')).toHaveCount(0)
  await expect(scopeSwitch(page).locator('option:checked')).toHaveText('This folder and subfolders')

  // Two levels down: the folder and the file in it, each with where it is.
  await searchBox(page).fill('invoice')
  await expect(fileRow(page, 'invoice-001.pdf')).toContainText('My files/Documents/Invoices')
  // The folder's row names its parent, where it is.
  const folder = grid(page).getByRole('row', { name: 'Invoices My files/Documents Folder', exact: true })
  await expect(folder).toHaveClass(/folder-row/)
  await folder.dblclick()
  await expect(crumbs(page)).toContainText('Documents')
  await expect(crumbs(page)).toContainText('Invoices')
  await expect(searchBox(page)).toHaveValue('')
  await expect(fileRow(page, 'invoice-001.pdf')).toBeVisible()

  // From a folder, only what is below it.
  await page
    .getByRole('navigation', { name: 'Folder path' })
    .getByRole('button', { name: 'Documents' })
    .click()
  await searchBox(page).fill('.pdf')
  await expect(fileRow(page, 'invoice-001.pdf')).toBeVisible()
  await expect(fileRow(page, 'report-2024.pdf')).toHaveCount(0)
})

test('"No matches" in a folder says how many the whole account has and shows them in one click', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  await fileRow(page, 'Photos').dblclick()
  await expect(fileRow(page, 'beach.png')).toBeVisible()
  await searchBox(page).fill('pdf')
  await expect(page.getByText('No matches')).toBeVisible()
  // Only files count in the whole account (a search across folders lists files).
  const wider = page.getByRole('button', { name: 'Search the whole account: 2 matches' })
  await wider.click()
  await expect(fileRow(page, 'invoice-001.pdf')).toContainText('My files/Documents/Invoices')
  await expect(fileRow(page, 'report-2024.pdf')).toContainText('My files')
  await expect(scopeSwitch(page).locator('option:checked')).toHaveText('Whole account')
  await expect(searchBox(page)).toHaveValue('pdf')
})

test('"No matches" in the one account offers all accounts, by keyboard too', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  const second = await sandbox.createAccount('second@sandbox.local')
  await upload({ baseUrl: sandbox.baseUrl, apiKey: second.apiKey }, 'only-in-second.txt', 'second\n')
  await page.getByRole('button', { name: 'Accounts' }).click()
  const dialog = page.getByRole('dialog', { name: 'Accounts' })
  await dialog.getByRole('button', { name: 'Add account' }).click()
  await addAccount(page, { label: 'Second', baseUrl: sandbox.baseUrl, apiKey: second.apiKey })
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Second' }).getByText('Active')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(fileRow(page, 'only-in-second.txt')).toBeVisible()

  await searchBox(page).fill('invoice')
  await expect(page.getByText('No matches')).toBeVisible()
  // In the root, "the whole account" is what was searched: only the other accounts are wider.
  await expect(page.getByRole('button', { name: /whole account/ })).toHaveCount(0)
  const everywhere = page.getByRole('button', { name: 'Search all accounts: 1 match' })
  await everywhere.focus()
  await page.keyboard.press('Enter')
  await expect(fileRow(page, 'invoice-001.pdf')).toContainText('Sandbox: My files/Documents/Invoices')
  await expect(scopeSwitch(page).locator('option:checked')).toHaveText('All accounts')

  // Nothing anywhere: each wider scope says so, and offers nothing to click.
  await scopeSwitch(page).selectOption('subtree')
  await searchBox(page).fill('nowhere-at-all')
  await expect(page.getByText('No matches')).toBeVisible()
  await expect(page.getByText('None in all accounts either.')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Search / })).toHaveCount(0)
})
