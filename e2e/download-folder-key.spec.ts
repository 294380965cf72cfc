import fs from 'node:fs/promises'
import path from 'node:path'
import { expect, fileRow, openWithSmallTree, test } from './fixtures.ts'
import { expectStatus } from './upload-helpers.ts'

/** What seedSmallTree uploads as `name`. */
const contentOf = (name: string) => `content of ${name}\n`.repeat(40)

test('Ctrl+Shift+S on a folder row of the file list downloads that folder with its subfolders, as its menu’s Download… does', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  await openWithSmallTree(page, host, sandbox)
  await expect(page.getByTestId('index-progress')).toHaveCount(0, { timeout: 30_000 })
  const to = path.join(tmp, 'dl')
  await fs.mkdir(to)

  // The cursor on the folder row (a click picks no file: the row is a folder), then the key.
  await fileRow(page, 'Documents').click()
  await page.keyboard.press('Control+Shift+S')
  const dialog = page.getByRole('dialog', { name: 'Download' })
  await expect(dialog).toContainText('Download the folder Documents with its subfolders to')
  await dialog.getByRole('textbox', { name: 'Save in' }).fill(to)
  await expect(dialog.getByRole('list', { name: 'Download plan' })).toContainText('To fetch: 2 files')
  await dialog.getByRole('button', { name: 'Download', exact: true }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('Select files to download them')).toHaveCount(0)

  await expectStatus(page, 'contract.docx', 'Downloaded')
  await expectStatus(page, 'invoice-001.pdf', 'Downloaded')
  expect(await fs.readFile(path.join(to, 'contract.docx'), 'utf8')).toBe(contentOf('contract.docx'))
  expect(await fs.readFile(path.join(to, 'Invoices', 'invoice-001.pdf'), 'utf8')).toBe(
    contentOf('invoice-001.pdf'),
  )
})
