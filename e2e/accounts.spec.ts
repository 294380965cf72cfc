import path from 'node:path'
import { addAccount, expect, fileRow, readAllFiles, test } from './fixtures.ts'
import { seedSmallTree } from './sandbox-api.ts'

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
  await page.goto(host.url)
  await addAccount(page, { label: 'Sandbox', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
  await expect(fileRow(page, 'notes.txt')).toBeVisible()

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

  await page.getByRole('button', { name: 'Accounts' }).click()
  const dialog = page.getByRole('dialog', { name: 'Accounts' })
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
