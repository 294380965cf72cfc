import type { Page } from '@playwright/test'
import { addAccount, expect } from './fixtures.ts'

/**
 * Adds one more account through the Accounts dialog, as a user does once the app has one, and closes the dialog
 * once the window has made it the active account (it does so as soon as it is added).
 */
export async function addAnotherAccount(
  page: Page,
  account: { label: string; baseUrl: string; apiKey: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Accounts' }).click()
  const dialog = page.getByRole('dialog', { name: 'Accounts' })
  await dialog.getByRole('button', { name: 'Add account' }).click()
  await addAccount(page, account)
  await expect(
    dialog.getByRole('listitem').filter({ hasText: account.label }).getByText('Active'),
  ).toBeVisible()
  await page.keyboard.press('Escape')
}
