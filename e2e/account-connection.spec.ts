import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { startHttpProxy } from '../core/net/testing/loopback-proxies.ts'
import { seedSmallTree } from '../sandbox/testing/api-calls.ts'
import { LINK_HOST_B } from '../sandbox/variants.ts'
import { addAccount, expect, fileRow, test } from './fixtures.ts'

// The account dialog's connection fields (issue 19): the link base beside the API's base URL, the user's request
// rate, and the account's own proxy, whose password goes to the keychain and never into the page or a file.
test("edit an account's link base, rate and proxy: calls go through the proxy, its password stays hidden", async ({
  page,
  host,
  sandbox,
}) => {
  await seedSmallTree(sandbox)
  const proxy = await startHttpProxy({ username: 'ann', password: 'pw-3x' })
  try {
    await page.goto(host.url)
    await addAccount(page, { label: 'Work', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
    await expect(fileRow(page, 'notes.txt')).toBeVisible()

    await page.getByRole('button', { name: 'Accounts' }).click()
    const dialog = page.getByRole('dialog', { name: 'Accounts' })
    await dialog.getByRole('button', { name: 'Edit Work' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit “Work”' })
    const mirror = `http://${LINK_HOST_B}:${new URL(sandbox.baseUrl).port}`
    await edit.getByLabel('Link base').fill(mirror)
    await edit.getByLabel('Requests per second').fill('5')
    await edit.getByLabel('This proxy:').check()
    await edit.getByLabel('Proxy URL').fill(proxy.url.replace('://', '://ann:pw-3x@'))
    await edit.getByRole('button', { name: 'Save' }).click()
    await expect(edit).toHaveCount(0)

    // Shown again without the password; the link base and rate as saved.
    await dialog.getByRole('button', { name: 'Edit Work' }).click()
    await expect(edit.getByLabel('Link base')).toHaveValue(mirror)
    await expect(edit.getByLabel('Requests per second')).toHaveValue('5')
    await expect(edit.getByLabel('This proxy:')).toBeChecked()
    await expect(edit.getByLabel('Proxy URL')).toHaveValue(proxy.url)
    await expect(edit).toContainText('the ones kept stay')
    await edit.getByRole('button', { name: 'Cancel' }).click()
    await page.keyboard.press('Escape')

    // The account's calls now go through its proxy, with the kept credentials.
    const before = proxy.tunnels.length
    await page.getByRole('button', { name: 'Dashboard' }).click()
    await expect(page.getByRole('definition').filter({ hasText: 'demo@sandbox.local' })).toBeVisible()
    expect(proxy.tunnels.length).toBeGreaterThan(before)
    expect(await page.content()).not.toContain('pw-3x')
    expect(await readFile(path.join(host.dataDir, 'accounts.json'), 'utf8')).not.toContain('pw-3x')
    expect(host.logs()).not.toContain('pw-3x')
  } finally {
    await proxy.close()
  }
})
