import fs from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { deleteFile, seedSmallTree } from '../sandbox/testing/api-calls.ts'
import { LINK_HOST_A, LINK_HOST_B } from '../sandbox/variants.ts'
import {
  expect,
  expectIndexSettled,
  fileRow,
  openWithAccount,
  openWithSmallTree,
  ref,
  test,
} from './fixtures.ts'

/** The results table, and its row of one link. */
function results(page: Page) {
  const table = page.getByRole('table', { name: 'Link check results' })
  const row = (link: string) => table.getByRole('row').filter({ has: page.getByText(link, { exact: true }) })
  return { table, row }
}

/** What the host itself says about these links (files/check over HTTP, as any client would ask). */
async function hostCheck(sb: ReturnType<typeof ref>, urls: string[]): Promise<Record<string, boolean>> {
  const form = new URLSearchParams({ key: sb.apiKey })
  for (const [i, u] of urls.entries()) form.set(`url_${i}`, u)
  const res = await fetch(`${sb.baseUrl}/api/files/check`, { method: 'POST', body: form })
  const body = (await res.json()) as { result: Record<string, { found: boolean }> }
  return Object.fromEntries(Object.entries(body.result).map(([u, e]) => [u, e.found]))
}

test('link checker: links in pasted text are checked with the host; a deleted file is not found; copy and CSV hold what the table says', async ({
  page,
  context,
  host,
  sandbox,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const sb = ref(sandbox)
  const seeded = await seedSmallTree(sb)
  const alive = `${sb.baseUrl}/${seeded.files['notes.txt']}`
  const dead = `${sb.baseUrl}/${seeded.files['holiday.jpg']}`
  await deleteFile(sb, seeded.files['holiday.jpg'] as string)
  // More links than one call may carry (100), so the page has to ask in batches.
  const unknown = Array.from({ length: 110 }, (_, i) => `${sb.baseUrl}/zz${String(i).padStart(10, '0')}`)
  const text = [
    `Here is the report: ${alive}, and the photo ${dead}.`,
    `Same again: ${alive}`,
    'Elsewhere: https://example.org/abc123 and a bad one http://user:secret@example.org/x',
    ...unknown,
  ].join('\n')

  await openWithAccount(page, host, sandbox)
  await page.getByRole('button', { name: 'Link checker' }).click()
  await expect(page.getByRole('button', { name: 'Link checker' })).toHaveAttribute('aria-current', 'page')
  await page.getByLabel('Paste links, or any text with links in it').fill(text)
  // Each link once: alive (twice in the text), dead, the foreign one, the invalid one and the 110 unknown.
  await expect(page.getByTestId('link-count')).toHaveText('114 links in the text.')
  await page.getByRole('button', { name: 'Check links' }).click()

  const { table, row } = results(page)
  await expect(page.getByTestId('link-check-summary')).toHaveText('1 live link · 111 not found')
  await expect(row(alive)).toContainText('Found')
  await expect(row(alive)).toContainText('840 B')
  await expect(row(dead)).toContainText('Not found')
  await expect(row('https://example.org/abc123')).toContainText('None of your accounts is on this host')
  await expect(row('http://user:secret@example.org/x')).toContainText('Not a valid link')
  await expect(table.getByRole('row')).toHaveCount(115)
  // The table agrees with the host.
  expect(await hostCheck(sb, [alive, dead])).toEqual({ [alive]: true, [dead]: false })

  await page.getByRole('button', { name: 'Copy live links' }).click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(alive)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const csv = await fs.readFile(await (await download).path(), 'utf8')
  const lines = csv.trimEnd().split('\r\n')
  expect(lines[0]).toBe('Link,Found,Size (bytes)')
  expect(lines).toContain(`${alive},Found,840`)
  expect(lines).toContain(`${dead},Not found,`)
  expect(lines).toHaveLength(115)

  // Checking again asks again: a file deleted since then is now reported dead.
  await deleteFile(sb, seeded.files['notes.txt'] as string)
  await page.getByRole('button', { name: 'Check links' }).click()
  await expect(page.getByTestId('link-check-summary')).toHaveText('0 live links · 112 not found')
  await expect(row(alive)).toContainText('Not found')
  await expect(page.getByRole('button', { name: 'Copy live links' })).toBeDisabled()

  // Leaving for another view and coming back keeps the text and the results.
  await page.getByRole('button', { name: 'Dashboard' }).click()
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
  await page.getByRole('button', { name: 'Link checker' }).click()
  await expect(page.getByTestId('link-check-summary')).toHaveText('0 live links · 112 not found')
})

test('the file menu checks the selected files’ links, and the folder menu a folder’s; a file deleted behind the app’s back is not found', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  const seeded = await openWithSmallTree(page, host, sandbox)
  const link = (name: string) => `${sb.baseUrl}/${seeded.files[name]}`
  await expect(fileRow(page, 'notes.txt')).toBeVisible()
  // Gone on the host, still listed here: the app has not looked again since it crawled and checked the folder.
  await expectIndexSettled(host.dataDir, 0)
  await deleteFile(sb, seeded.files['holiday.jpg'] as string)

  await fileRow(page, 'holiday.jpg').click()
  await fileRow(page, 'notes.txt').click({ modifiers: ['Control'] })
  await fileRow(page, 'notes.txt').click({ button: 'right' })
  await page.getByRole('menuitem', { name: 'Check links (2)' }).click()

  const { table, row } = results(page)
  await expect(page.getByRole('heading', { name: 'Link checker' })).toBeVisible()
  await expect(page.getByTestId('link-check-summary')).toHaveText('1 live link · 1 not found')
  await expect(row(link('notes.txt'))).toContainText('Found')
  await expect(row(link('holiday.jpg'))).toContainText('Not found')
  await expect(table.getByRole('row')).toHaveCount(3)
  expect(await hostCheck(sb, [link('notes.txt'), link('holiday.jpg')])).toEqual({
    [link('notes.txt')]: true,
    [link('holiday.jpg')]: false,
  })

  // A folder's own files (not its subfolders'), from the tree's folder menu.
  await page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: 'Documents' }).click({
    button: 'right',
  })
  await page.getByRole('menuitem', { name: 'Check links of its files' }).click()
  await expect(page.getByTestId('link-check-summary')).toHaveText('1 live link · 0 not found')
  await expect(row(link('contract.docx'))).toContainText('Found')
  await expect(table.getByRole('row')).toHaveCount(2)
})

test('an old link pack on a domain the host moved away from: recognised, checked on the domain it uses now, rebuilt in one action', async ({
  page,
  context,
  host,
  sandbox,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const sb = ref(sandbox)
  const port = new URL(sb.baseUrl).port
  const before = `http://${LINK_HOST_A}:${port}`
  const after = `http://${LINK_HOST_B}:${port}`
  // The host gives its links on another domain than its API's, and the app learns it from its listings.
  await sandbox.setVariant({ linkHost: LINK_HOST_A })
  const seeded = await openWithSmallTree(page, host, sandbox)
  const accountsFile = path.join(host.dataDir, 'accounts.json')
  await expect.poll(() => fs.readFile(accountsFile, 'utf8')).toContain(`"linkBase": "${before}"`)
  const code = (name: string) => seeded.files[name] as string
  const oldPack = [
    `- [notes.txt](${before}/${code('notes.txt')})`,
    `- [holiday.jpg](${before}/${code('holiday.jpg')})`,
  ].join('\n')
  await deleteFile(sb, code('holiday.jpg'))

  // The link domain moves; the next listing shows it and the user is told.
  await sandbox.setVariant({ linkHost: LINK_HOST_B })
  await page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: 'Documents' }).click()
  await expect(page.getByText(`The host’s links moved to ${after}`)).toBeVisible()

  await page.getByRole('button', { name: 'Link checker' }).click()
  await page.getByLabel('Paste links, or any text with links in it').fill(oldPack)
  await expect(page.getByTestId('links-moved')).toContainText('2 links on a domain the host moved away from')
  await page.getByRole('button', { name: 'Check links' }).click()
  // Both are the account's: asked on the domain the host uses now, the live one is alive (not foreign, not dead).
  const { row } = results(page)
  await expect(page.getByTestId('link-check-summary')).toHaveText('1 live link · 1 not found')
  await expect(row(`${before}/${code('notes.txt')}`)).toContainText('Found')
  await expect(row(`${before}/${code('holiday.jpg')}`)).toContainText('Not found')

  await page.getByRole('button', { name: 'Copy live links' }).click()
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe(`${after}/${code('notes.txt')}`)
  // The whole pack again, as it was written, on the new domain: one click.
  await page.getByRole('button', { name: 'Copy the text with current links' }).click()
  await expect
    .poll(() => page.evaluate(() => navigator.clipboard.readText()))
    .toBe(oldPack.replaceAll(before, after))
})
