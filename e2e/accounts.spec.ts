import path from 'node:path'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { seedSmallTree, upload } from '../sandbox/testing/api-calls.ts'
import { addAccount, expect, fileRow, readAllFiles, test } from './fixtures.ts'

type Page = import('@playwright/test').Page

/** The app on the seeded tree with its account `label` added and the root's files shown. */
async function openOnTree(page: Page, url: string, sb: SandboxHandle, label: string): Promise<void> {
  await page.goto(url)
  await addAccount(page, { label, baseUrl: sb.baseUrl, apiKey: sb.apiKey })
  await expect(fileRow(page, 'notes.txt')).toBeVisible()
}

/** Opens the accounts dialog from the sidebar. */
async function openAccounts(page: Page) {
  await page.getByRole('button', { name: 'Accounts' }).click()
  return page.getByRole('dialog', { name: 'Accounts' })
}

test('first run: try it offline lands in the file view', async ({ page, host }) => {
  await page.goto(host.url)
  await expect(page.getByRole('heading', { name: 'Welcome to Filedock' })).toBeVisible()
  await page.getByRole('button', { name: 'Try it offline' }).click()
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText('My files')
  await expect(page.getByRole('button', { name: 'Switch account' })).toContainText(/offline|sandbox/i)
  await expect(
    page
      .getByRole('status')
      .or(page.getByRole('grid', { name: 'Files' }))
      .first(),
  ).toBeVisible()
})

test('add account: a wrong key is refused inline and nothing is added; the right key opens the files', async ({
  page,
  host,
  sandbox,
}) => {
  await seedSmallTree(sandbox)
  await page.goto(host.url)
  await addAccount(page, { label: 'Work', baseUrl: sandbox.baseUrl, apiKey: 'wrong-key-000000' })

  const form = page.getByRole('form', { name: 'Add account' })
  await expect(form.getByRole('alert')).toBeVisible()
  await expect(form.getByRole('alert')).not.toBeEmpty()
  // The key field is emptied after every submit; the rest stays for a correction.
  await expect(form.getByLabel('API key')).toHaveValue('')
  await expect(form.getByLabel('Label')).toHaveValue('Work')
  // Still the first-run screen: no account was added.
  await expect(page.getByRole('heading', { name: 'Welcome to Filedock' })).toBeVisible()

  await form.getByLabel('API key').fill(sandbox.apiKey)
  await form.getByRole('button', { name: 'Add account' }).click()
  await expect(fileRow(page, 'report-2024.pdf')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Switch account' })).toContainText('Work')
})

test('accounts dialog shows only masked keys; the key is nowhere in the page, its socket traffic, the logs or the data folder', async ({
  page,
  host,
  sandbox,
  received,
}) => {
  await seedSmallTree(sandbox)
  await openOnTree(page, host.url, sandbox, 'Sandbox')

  await page.getByRole('button', { name: 'Switch account' }).click()
  await page.getByRole('menuitem', { name: 'Manage accounts…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Accounts' })
  const item = dialog.getByRole('listitem').filter({ hasText: 'Sandbox' })
  await expect(item).toContainText(`••••${sandbox.apiKey.slice(-4)}`)
  await expect(item.getByText('Active')).toBeVisible()

  // Browse a little more so the socket carries lists, stats and account info too.
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Dashboard' }).click()
  await expect(page.getByText('demo@sandbox.local').first()).toBeVisible()

  const key = sandbox.apiKey
  const html = await page.content()
  expect(html).not.toContain(key)
  const storage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
  expect(storage).not.toContain(key)
  expect(received.length).toBeGreaterThan(0)
  for (const frame of received) expect(frame).not.toContain(key)

  // Main's side: nothing it logged and no file it wrote (settings, queue, history, window state) holds the key.
  expect(host.logs().length).toBeGreaterThan(0)
  expect(host.logs()).not.toContain(key)
  const files = await readAllFiles(host.dataDir)
  expect(files.map((f) => path.basename(f.path))).toContain('accounts.json')
  for (const file of files) expect(file.text, file.path).not.toContain(key)
})

test('switch between two accounts and remove one after confirming', async ({ page, host, sandbox }) => {
  const second = await sandbox.createAccount('second@sandbox.local')
  await page.goto(host.url)
  await addAccount(page, { label: 'First', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
  await expect(page.getByRole('button', { name: 'Switch account' })).toContainText('First')

  const dialog = await openAccounts(page)
  await dialog.getByRole('button', { name: 'Add account' }).click()
  await addAccount(page, { label: 'Second', baseUrl: sandbox.baseUrl, apiKey: second.apiKey })
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Second' }).getByText('Active')).toBeVisible()

  const first = dialog.getByRole('listitem').filter({ hasText: 'First' })
  await first.getByRole('button', { name: 'Switch' }).click()
  await expect(first.getByText('Active')).toBeVisible()

  const secondItem = dialog.getByRole('listitem').filter({ hasText: 'Second' })
  await secondItem.getByRole('button', { name: 'Remove Second' }).click()
  await secondItem.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Second' })).toHaveCount(0)
  await expect(dialog.getByRole('listitem')).toHaveCount(1)
})

test('a wrong key while adding another account stays in its form: the working account gets no banner', async ({
  page,
  host,
  sandbox,
}) => {
  await seedSmallTree(sandbox)
  await openOnTree(page, host.url, sandbox, 'Work')

  const dialog = await openAccounts(page)
  await dialog.getByRole('button', { name: 'Add account' }).click()
  await addAccount(page, { label: 'Other', baseUrl: sandbox.baseUrl, apiKey: 'wrong-key-000000' })
  const form = dialog.getByRole('form', { name: 'Add account' })
  // The refusal marks the key field, not the address.
  await expect(form.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel('Base URL')).not.toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByRole('alert')).toContainText(/key/i)

  // An address nobody answers at marks the address instead.
  await form.getByLabel('Base URL').fill('http://127.0.0.1:9')
  await form.getByLabel('API key').fill(sandbox.apiKey)
  await form.getByRole('button', { name: 'Add account' }).click()
  await expect(form.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByLabel('API key')).not.toHaveAttribute('aria-invalid', 'true')

  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  // The working account is untouched: no key banner, its files still load after a reload of the folder.
  await page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: 'Photos' }).click()
  await expect(fileRow(page, 'beach.png')).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: /rejected|key/i })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Fix key' })).toHaveCount(0)
})

test('edit an account: a wrong new key changes nothing, the right one replaces it and its files show', async ({
  page,
  host,
  sandbox,
}) => {
  await seedSmallTree(sandbox)
  const second = await sandbox.createAccount('second@sandbox.local')
  const secondRef = { baseUrl: sandbox.baseUrl, apiKey: second.apiKey }
  const onlySecond = await upload(secondRef, 'only-in-second.txt', 'second account\n')
  await openOnTree(page, host.url, sandbox, 'Work')

  const dialog = await openAccounts(page)
  await dialog.getByRole('button', { name: 'Edit Work' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit “Work”' })
  await edit.getByLabel('Label').fill('Work (renamed)')
  await edit.getByLabel('API key').fill('wrong-key-000000')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true')
  await expect(edit.getByRole('alert')).toContainText(/not saved/i)
  await edit.getByRole('button', { name: 'Cancel' }).click()
  // Nothing changed: same label, same masked key, and no banner over the still-working account.
  const item = dialog.getByRole('listitem').filter({ hasText: 'Work' })
  await expect(item).toContainText(`••••${sandbox.apiKey.slice(-4)}`)
  await expect(item.locator('strong')).toHaveText('Work')
  await expect(page.getByRole('button', { name: 'Fix key' })).toHaveCount(0)

  await dialog.getByRole('button', { name: 'Edit Work' }).click()
  await edit.getByLabel('Label').fill('Work (renamed)')
  await edit.getByLabel('API key').fill(second.apiKey)
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(edit).toHaveCount(0)
  const renamed = dialog.getByRole('listitem').filter({ hasText: 'Work (renamed)' })
  await expect(renamed).toContainText(`••••${second.apiKey.slice(-4)}`)
  await expect(renamed).toContainText('second@sandbox.local')

  // Saving the same thing again is harmless: nothing to check, the dialog just closes.
  await renamed.getByRole('button', { name: 'Edit Work (renamed)' }).click()
  await page
    .getByRole('dialog', { name: 'Edit “Work (renamed)”' })
    .getByRole('button', { name: 'Save' })
    .click()
  await expect(page.getByRole('dialog', { name: /^Edit/ })).toHaveCount(0)

  await page.keyboard.press('Escape')
  // The window now talks to the host with the second account's key: the host answers as that account.
  await page.getByRole('button', { name: 'Dashboard' }).click()
  await expect(page.getByRole('definition').filter({ hasText: 'second@sandbox.local' })).toBeVisible()
  const checked = await fetch(`${sandbox.baseUrl}/api/files/check`, {
    method: 'POST',
    body: new URLSearchParams({ key: second.apiKey, url_0: `${sandbox.baseUrl}/${onlySecond}` }),
  })
  expect(((await checked.json()) as { result: Record<string, { found: boolean }> }).result).toMatchObject({
    [`${sandbox.baseUrl}/${onlySecond}`]: { found: true },
  })
})

test('a key the host stops accepting: "Fix key" opens the account in its key field, a new key clears it', async ({
  page,
  host,
  tmp,
}) => {
  // A host that forgets the key: the same address, answered by a fresh sandbox with other keys.
  const before = await startSandbox({ dataDir: path.join(tmp, 'host-a'), port: 0 })
  const port = Number(new URL(before.baseUrl).port)
  await page.goto(host.url)
  await addAccount(page, { label: 'Work', baseUrl: before.baseUrl, apiKey: before.apiKey })
  await expect(page.getByText('This folder is empty')).toBeVisible()
  await before.close()
  const after = await startSandbox({ dataDir: path.join(tmp, 'host-b'), port })
  try {
    // Anything that asks the host now is refused: the dashboard reads the account.
    await page.getByRole('button', { name: 'Dashboard' }).click()
    const fix = page.getByRole('button', { name: 'Fix key' })
    await expect(fix).toBeVisible()
    await fix.click()
    const edit = page.getByRole('dialog', { name: 'Edit “Work”' })
    await expect(edit.getByLabel('API key')).toBeFocused()
    await page.keyboard.type(after.apiKey)
    await page.keyboard.press('Enter')
    await expect(edit).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(fix).toHaveCount(0)
    // The host answers again, with the new key: the account's details load.
    await expect(page.getByRole('definition').filter({ hasText: 'demo@sandbox.local' })).toBeVisible()
    const item = (await openAccounts(page)).getByRole('listitem').filter({ hasText: 'Work' })
    await expect(item).toContainText(`••••${after.apiKey.slice(-4)}`)
  } finally {
    await after.close()
  }
})
