import fs from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { apiGet, listFiles, type SandboxRef, seedSmallTree } from '../sandbox/testing/api-calls.ts'
import { expect, fileRow, openWithAccount, openWithSmallTree, ref, test } from './fixtures.ts'
import { codeOfLink } from './index-helpers.ts'

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

async function hostFolders(sb: SandboxRef, fldId: number): Promise<string[]> {
  const listing = await apiGet<{ folders: Array<{ name: string }> }>(sb, 'folder/list', { fld_id: fldId })
  return listing.folders.map((f) => f.name).sort()
}

const tree = (page: Page) => page.getByRole('tree', { name: 'Folders' })
const node = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true })
const grid = (page: Page) => page.getByRole('grid', { name: 'Files' })

/** Right-clicks a folder's row in the tree and picks an entry of its menu. */
async function treeMenu(page: Page, folder: string, entry: string): Promise<void> {
  await node(page, folder).click({ button: 'right' })
  await page
    .getByRole('menu', { name: `Folder ${folder}` })
    .getByRole('menuitem', { name: entry })
    .click()
}

/** The file codes in the clipboard, one link a line, sorted. */
async function clipboardCodes(page: Page): Promise<string[]> {
  const text = await page.evaluate(() => navigator.clipboard.readText())
  return text.split('\n').filter(Boolean).map(codeOfLink).sort()
}

/** The index has crawled the account: a folder's files can be answered without opening it. */
async function indexed(page: Page): Promise<void> {
  await expect(page.getByTestId('index-progress')).toHaveCount(0, { timeout: 30_000 })
}

test('the tree’s folder menu: Open, New folder inside, Copy links of its files', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await indexed(page)

  // Open: the folder's files in the pane, its name in the breadcrumb.
  await treeMenu(page, 'Photos', 'Open')
  await expect(fileRow(page, 'beach.png')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText('Photos')
  const inPhotos = await listFiles(ref(sandbox), { fld_id: seeded.folders.photos })
  expect(inPhotos.map((f) => f.name)).toEqual(['beach.png'])

  // Copy links of its files, from the tree, for a folder that is not open: its own files, not its subfolders'.
  await treeMenu(page, 'Documents', 'Copy links of its files')
  await expect(page.getByText('Copied link')).toBeVisible()
  expect(await clipboardCodes(page)).toEqual([seeded.files['contract.docx']])
  await treeMenu(page, 'My files', 'Copy links of its files')
  await expect(page.getByText('Copied 3 links')).toBeVisible()
  const rootCodes = (await listFiles(ref(sandbox), { fld_id: 0 })).map((f) => f.file_code).sort()
  expect(await clipboardCodes(page)).toEqual(rootCodes)

  // New folder inside a folded folder: it unfolds, and the name field is a new row of the tree inside it.
  await treeMenu(page, 'Photos', 'New folder inside')
  const draft = tree(page).getByRole('treeitem', { name: 'New folder in Photos' })
  await expect(draft).toHaveAttribute('aria-level', '3')
  await expect(draft.getByRole('textbox', { name: 'New folder name' })).toBeFocused()
  await page.keyboard.type('2024')
  await page.keyboard.press('Enter')
  await expect(node(page, '2024')).toHaveAttribute('aria-level', '3')
  await expect(draft).toHaveCount(0)
  expect(await hostFolders(ref(sandbox), seeded.folders.photos)).toEqual(['2024'])

  // An empty folder has no links to copy: said so, and the clipboard keeps what it had.
  await treeMenu(page, '2024', 'Copy links of its files')
  await expect(page.getByText('No files to copy links of')).toBeVisible()
  expect(await clipboardCodes(page)).toEqual(rootCodes)
})

test('Upload here sends the picked file into that folder; picked again, it is not sent twice', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  const file = path.join(tmp, 'scan.pdf')
  await fs.writeFile(file, 'a scanned invoice\n'.repeat(50))

  // Invoices is not open (nor even shown until Documents unfolds): the upload goes where the menu was opened.
  await node(page, 'Documents').click()
  await node(page, 'My files').click()
  let chooser = page.waitForEvent('filechooser')
  await treeMenu(page, 'Invoices', 'Upload here…')
  await (await chooser).setFiles(file)
  await expect(page.getByText('Queued 1 upload to Invoices on Sandbox')).toBeVisible()
  await expect
    .poll(async () =>
      (await listFiles(ref(sandbox), { fld_id: seeded.folders.invoices })).map((f) => f.name).sort(),
    )
    .toEqual(['invoice-001.pdf', 'scan.pdf'])
  const summary = page.getByRole('dialog', { name: 'Upload finished' })
  await expect(summary.getByTestId('batch-summary')).toContainText('1 file uploaded')
  await summary.getByRole('button', { name: 'Close' }).click()
  // The open folder was not the target: nothing landed there.
  expect((await listFiles(ref(sandbox), { fld_id: 0 })).map((f) => f.name)).not.toContain('scan.pdf')

  // The same pick again: asked, skipped, and the folder still has one scan.pdf.
  chooser = page.waitForEvent('filechooser')
  await treeMenu(page, 'Invoices', 'Upload here…')
  await (await chooser).setFiles(file)
  const question = page.getByRole('dialog', { name: 'Some files are already there' })
  await question.getByRole('button', { name: 'Skip them' }).click()
  const nothingSent = page.getByRole('dialog', { name: 'Already there, nothing sent' })
  await expect(nothingSent.getByTestId('batch-summary')).toContainText('already there')
  const names = (await listFiles(ref(sandbox), { fld_id: seeded.folders.invoices })).map((f) => f.name)
  expect(names.sort()).toEqual(['invoice-001.pdf', 'scan.pdf'])
})

test('a folder row of the file pane has the folder menu: Open, Rename in place, New folder inside, Copy links', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await indexed(page)

  await fileRow(page, 'Photos').click({ button: 'right' })
  const menu = page.getByRole('menu', { name: 'Folder Photos' })
  await expect(menu.getByRole('menuitem')).toHaveText([
    /Open/,
    /Rename/,
    /New folder inside/,
    /Upload here…/,
    /Download…/,
    /Copy links of its files/,
    /Check links of its files/,
  ])
  await menu.getByRole('menuitem', { name: 'Copy links of its files' }).click()
  await expect(page.getByText('Copied link')).toBeVisible()
  expect(await clipboardCodes(page)).toEqual([seeded.files['beach.png']])
  // The menu gave the keyboard back to the grid.
  await expect(grid(page)).toBeFocused()

  // New folder inside, from the pane: the name field is in the tree, and the grid has the keyboard afterwards.
  await fileRow(page, 'Documents').click({ button: 'right' })
  await page
    .getByRole('menu', { name: 'Folder Documents' })
    .getByRole('menuitem', { name: 'New folder inside' })
    .click()
  const field = tree(page).getByRole('textbox', { name: 'New folder name' })
  await expect(field).toBeFocused()
  await page.keyboard.type('Receipts')
  await page.keyboard.press('Enter')
  await expect(node(page, 'Receipts')).toBeVisible()
  await expect(grid(page)).toBeFocused()
  expect(await hostFolders(ref(sandbox), seeded.folders.documents)).toEqual(['Invoices', 'Receipts'])

  // Rename, from the pane: the row's own name field.
  await fileRow(page, 'Photos').click({ button: 'right' })
  await page.getByRole('menu', { name: 'Folder Photos' }).getByRole('menuitem', { name: 'Rename' }).click()
  const rename = grid(page).getByRole('textbox')
  await expect(rename).toBeFocused()
  await rename.fill('Pictures')
  await rename.press('Enter')
  await expect(fileRow(page, 'Pictures')).toBeVisible()
  await expect(node(page, 'Pictures')).toBeVisible()
  await expect.poll(() => hostFolders(ref(sandbox), 0)).toEqual(['Documents', 'Pictures'])

  // Open, from the pane.
  await fileRow(page, 'Pictures').click({ button: 'right' })
  await page.getByRole('menu', { name: 'Folder Pictures' }).getByRole('menuitem', { name: 'Open' }).click()
  await expect(fileRow(page, 'beach.png')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Folder path' })).toContainText('Pictures')
})

test('Copy links of its files while the account is still being indexed says the copy may be short; again later it is whole', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await seedSmallTree(ref(sandbox))
  // A slow host: the account's first crawl is still on its way when the menu is used.
  sandbox.setFaults({ latencyMs: 2500 })
  await openWithAccount(page, host, sandbox)
  await expect(page.getByTestId('index-progress')).toBeVisible()
  await treeMenu(page, 'Documents', 'Copy links of its files')
  await expect(
    page.getByText('This account is still being indexed: files not indexed yet were left out.'),
  ).toBeVisible()

  sandbox.setFaults({ latencyMs: 0 })
  await indexed(page)
  await treeMenu(page, 'Documents', 'Copy links of its files')
  await expect(page.getByText('Copied link')).toBeVisible()
  expect(await clipboardCodes(page)).toEqual([seeded.files['contract.docx']])
})
