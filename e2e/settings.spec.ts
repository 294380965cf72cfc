import { expect, openWithSmallTree, test } from './fixtures.ts'
import { grid } from './index-helpers.ts'

test('Settings are where people look: the sidebar, Ctrl+, and a way there from Accounts', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  const sidebar = page.getByRole('complementary', { name: 'Sidebar' })
  const entry = sidebar.getByRole('button', { name: 'Settings', exact: true })
  await entry.click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await expect(settings.getByRole('region', { name: 'Preferences' })).toBeVisible()
  await expect(settings.getByRole('group', { name: 'Sizes and speeds' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(settings).toHaveCount(0)
  await expect(entry).toBeFocused()

  // The keyboard's way, from the file list; closing gives the list its focus back.
  await grid(page).focus()
  await page.keyboard.press('Control+,')
  await expect(settings).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(grid(page)).toBeFocused()

  // Accounts points to Settings rather than hiding the preferences under it; Settings leads to the accounts.
  await sidebar.getByRole('button', { name: 'Accounts' }).click()
  const accounts = page.getByRole('dialog', { name: 'Accounts' })
  await accounts.getByRole('button', { name: 'Settings' }).click()
  await expect(settings.getByRole('region', { name: 'Preferences' })).toBeVisible()
  await settings.getByRole('button', { name: 'Manage accounts…' }).click()
  await expect(accounts.getByRole('list', { name: 'Accounts' })).toBeVisible()
})
