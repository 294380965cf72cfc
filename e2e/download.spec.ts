import fs from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import type { SandboxHandle } from '../sandbox/server.ts'
import { servedRanges, upload } from '../sandbox/testing/api-calls.ts'
import {
  expect,
  fileRow,
  type Host,
  openWithAccount,
  openWithSmallTree,
  ref,
  savedSetting,
  test,
} from './fixtures.ts'
import { browseTo } from './local-folder-helpers.ts'
import { dropAndLand, expectStatus, openHistory, queueRow } from './upload-helpers.ts'

/** What seedSmallTree uploads as `name`. */
const contentOf = (name: string) => `content of ${name}\n`.repeat(40)

/** The small tree open and indexed (Download reads the files from the index); answers an empty local folder. */
async function openIndexed(page: Page, host: Host, sandbox: SandboxHandle, tmp: string): Promise<string> {
  await openWithSmallTree(page, host, sandbox)
  await expect(page.getByTestId('index-progress')).toHaveCount(0, { timeout: 30_000 })
  const to = path.join(tmp, 'dl')
  await fs.mkdir(to)
  return to
}

/** The tree's folder menu → Download…, the folder chosen with THE local-folder picker; returns the dialog. */
async function downloadDialog(page: Page, host: Host, folder: string, to: string) {
  await page
    .getByRole('tree', { name: 'Folders' })
    .getByRole('treeitem', { name: folder, exact: true })
    .click({
      button: 'right',
    })
  await page
    .getByRole('menu', { name: `Folder ${folder}` })
    .getByRole('menuitem', { name: 'Download…' })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Download' })
  await dialog.getByRole('textbox', { name: 'Save in' }).fill(path.dirname(to))
  const browse = dialog.getByRole('button', { name: 'Browse for the folder to download into' })
  await browseTo(page, host, browse, 'Download to', to)
  await expect(dialog.getByRole('textbox', { name: 'Save in' })).toHaveValue(to)
  return dialog
}

test('a folder with its subfolders comes down: the tree mirrored, the bytes right, and a re-run fetches nothing', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const to = await openIndexed(page, host, sandbox, tmp)

  const dialog = await downloadDialog(page, host, 'Documents', to)
  const plan = dialog.getByRole('list', { name: 'Download plan' })
  await expect(plan).toContainText('To fetch: 2 files')
  await expect(plan).toContainText('Already here, not fetched again: 0 files')
  await dialog.getByRole('button', { name: 'Download', exact: true }).click()
  await expect(dialog).toHaveCount(0)

  // Items of the transfers panel, finished; a finished download offers Show in folder.
  await expectStatus(page, 'contract.docx', 'Downloaded')
  await expectStatus(page, 'invoice-001.pdf', 'Downloaded')
  await expect(
    queueRow(page, 'contract.docx').getByRole('button', { name: 'Show contract.docx in folder' }),
  ).toBeVisible()

  // On disk: the folder's own file at the top, its subfolder's below, whole; no work file left.
  expect(await fs.readFile(path.join(to, 'contract.docx'), 'utf8')).toBe(contentOf('contract.docx'))
  expect(await fs.readFile(path.join(to, 'Invoices', 'invoice-001.pdf'), 'utf8')).toBe(
    contentOf('invoice-001.pdf'),
  )
  expect((await fs.readdir(to, { recursive: true })).sort()).toEqual([
    'Invoices',
    path.join('Invoices', 'invoice-001.pdf'),
    'contract.docx',
  ])
  const before = await fs.stat(path.join(to, 'contract.docx'))

  // The same download again: the plan finds both here, and nothing is fetched or rewritten.
  const again = await downloadDialog(page, host, 'Documents', to)
  await expect(again.getByRole('list', { name: 'Download plan' })).toContainText('To fetch: 0 files')
  await expect(again.getByRole('list', { name: 'Download plan' })).toContainText(
    'Already here, not fetched again: 2 files',
  )
  await again.getByRole('button', { name: 'Download', exact: true }).click()
  await expect(page.getByText(`Nothing to download: 2 files already in ${to}`)).toBeVisible()
  expect((await fs.stat(path.join(to, 'contract.docx'))).mtimeMs).toBe(before.mtimeMs)
})

test('Ctrl+A of a folder → Download…: its files side by side; Keep both (a setting) saves beside a file of the same name', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const to = await openIndexed(page, host, sandbox, tmp)
  await fs.writeFile(path.join(to, 'notes.txt'), 'my own notes')

  // The conflict policy is a setting.
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  await page
    .getByRole('region', { name: 'Preferences' })
    .getByLabel(/^Keep both/)
    .check()
  await page.keyboard.press('Escape')
  await expect.poll(() => savedSetting(host.dataDir, 'onConflict')).toBe('rename')

  // A Ctrl+A selection goes to main as its query: main reads the files from the index.
  await fileRow(page, 'report-2024.pdf').click()
  await page.keyboard.press('Control+a')
  await expect(page.getByTestId('status-selection')).toContainText('3 selected')
  await fileRow(page, 'notes.txt').click({ button: 'right' })
  await page
    .getByRole('menu', { name: 'File actions' })
    .getByRole('menuitem', { name: /^Download…/ })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Download' })
  await dialog.getByRole('textbox', { name: 'Save in' }).fill(to)
  const plan = dialog.getByRole('list', { name: 'Download plan' })
  await expect(plan).toContainText('To fetch: 3 files')
  await expect(plan).toContainText('Names taken by another file: 1')
  await dialog.getByRole('button', { name: 'Download', exact: true }).click()
  for (const name of ['report-2024.pdf', 'holiday.jpg', 'notes.txt'])
    await expectStatus(page, name, 'Downloaded')

  expect((await fs.readdir(to)).sort()).toEqual([
    'holiday.jpg',
    'notes (1).txt',
    'notes.txt',
    'report-2024.pdf',
  ])
  expect(await fs.readFile(path.join(to, 'notes.txt'), 'utf8')).toBe('my own notes')
  expect(await fs.readFile(path.join(to, 'notes (1).txt'), 'utf8')).toBe(contentOf('notes.txt'))
  expect(await fs.readFile(path.join(to, 'holiday.jpg'), 'utf8')).toBe(contentOf('holiday.jpg'))
})

test('pause and resume in the transfers panel keep the bytes: the download continues with Range, never from 0', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const big = 'pause and resume keep the bytes\n'.repeat(64 * 1024) // 2 MiB
  const code = await upload(ref(sandbox), 'big.log', big)
  const to = await openIndexed(page, host, sandbox, tmp)
  await servedRanges(ref(sandbox), { clear: true })
  // Paced, so the pause lands mid-file.
  sandbox.setFaults({ downloadBytesPerSec: 256 << 10 })

  await fileRow(page, 'big.log').click({ button: 'right' })
  await page
    .getByRole('menu', { name: 'File actions' })
    .getByRole('menuitem', { name: /^Download…/ })
    .click()
  const dialog = page.getByRole('dialog', { name: 'Download' })
  await dialog.getByRole('textbox', { name: 'Save in' }).fill(to)
  await expect(dialog.getByRole('list', { name: 'Download plan' })).toContainText('To fetch: 1 file')
  await dialog.getByRole('button', { name: 'Download', exact: true }).click()
  await expectStatus(page, 'big.log', /Downloading \d+%/)
  await queueRow(page, 'big.log').getByRole('button', { name: 'Pause big.log' }).click()
  await expectStatus(page, 'big.log', 'Paused')

  // The bytes so far stay in the hidden work file beside the target; nothing is under the final name.
  const part = path.join(to, `.big.log.${code}.filedock-part`)
  const kept = (await fs.stat(part)).size
  expect(kept).toBeGreaterThan(0)
  expect(kept).toBeLessThan(big.length)
  await expect(fs.stat(path.join(to, 'big.log'))).rejects.toThrow()
  const bar = queueRow(page, 'big.log').getByRole('progressbar')
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0)

  sandbox.setFaults({ downloadBytesPerSec: 0 })
  await queueRow(page, 'big.log').getByRole('button', { name: 'Resume big.log' }).click()
  await expectStatus(page, 'big.log', 'Downloaded')
  await expect(queueRow(page, 'big.log').getByTestId('queue-item-status')).not.toContainText('restarted')
  expect(await fs.readFile(path.join(to, 'big.log'), 'utf8')).toBe(big)
  await expect(fs.stat(part)).rejects.toThrow()
  // The second request asked for the rest only, and the host answered with it.
  const served = (await servedRanges(ref(sandbox), { codes: [code] })).files[code] ?? []
  expect(served.map((r) => r.status)).toEqual([200, 206])
  expect(served[1]?.range).toMatch(/^bytes=[1-9]\d*-$/)

  // Downloads have a speed limit of their own, beside the uploads' one.
  const panel = page.getByRole('region', { name: 'Transfers' })
  await panel.getByLabel('Download limit (KB/s)').fill('64')
  await panel.getByLabel('Download limit (KB/s)').press('Enter')
  await expect.poll(() => savedSetting(host.dataDir, 'downloadBytesPerSec')).toBe(64_000)
  expect(await savedSetting(host.dataDir, 'bandwidthBytesPerSec')).toBeNull()
})

/** The Download dialog opened by `open`: its folder typed in, the plan read, Download pressed. */
async function downloadTo(page: Page, to: string, files: number) {
  const dialog = page.getByRole('dialog', { name: 'Download' })
  await dialog.getByRole('textbox', { name: 'Save in' }).fill(to)
  await expect(dialog.getByRole('list', { name: 'Download plan' })).toContainText(
    `To fetch: ${files} ${files === 1 ? 'file' : 'files'}`,
  )
  await dialog.getByRole('button', { name: 'Download', exact: true }).click()
  await expect(dialog).toHaveCount(0)
}

test('Download… in the details panel: the file shown there, or the selection it counts', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const to = await openIndexed(page, host, sandbox, tmp)
  const details = page.getByRole('complementary', { name: 'Details' })

  await fileRow(page, 'holiday.jpg').click()
  await page.keyboard.press('Alt+Enter')
  await details.getByRole('button', { name: 'Download…' }).click()
  await expect(page.getByRole('dialog', { name: 'Download' })).toContainText('Download holiday.jpg to')
  await downloadTo(page, to, 1)
  await expectStatus(page, 'holiday.jpg', 'Downloaded')
  expect(await fs.readFile(path.join(to, 'holiday.jpg'), 'utf8')).toBe(contentOf('holiday.jpg'))

  // A selection of many: the panel counts it, and its Download… takes the whole selection.
  await fileRow(page, 'report-2024.pdf').click()
  await page.keyboard.press('Control+a')
  await expect(details.getByTestId('details-count')).toHaveText('3 files')
  await details.getByRole('button', { name: 'Download…' }).click()
  await expect(page.getByRole('dialog', { name: 'Download' })).toContainText('Download 3 files to')
  const dialog = page.getByRole('dialog', { name: 'Download' })
  await dialog.getByRole('textbox', { name: 'Save in' }).fill(to)
  await expect(dialog.getByRole('list', { name: 'Download plan' })).toContainText(
    'Already here, not fetched again: 1 file',
  )
  await downloadTo(page, to, 2)
  for (const name of ['report-2024.pdf', 'notes.txt']) await expectStatus(page, name, 'Downloaded')
  expect((await fs.readdir(to)).sort()).toEqual(['holiday.jpg', 'notes.txt', 'report-2024.pdf'])
})

test('Download… on an upload-history batch brings back that batch’s files, and only them', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  await openWithAccount(page, host, sandbox)
  await dropAndLand(page, [{ name: 'older.txt', text: 'first drop' }])
  await dropAndLand(page, [
    { name: 'a.txt', text: 'second drop, a' },
    { name: 'b.txt', text: 'second drop, b' },
  ])
  const to = path.join(tmp, 'dl')
  // The uploads' rows carry the same names as the downloads' will.
  await page.getByRole('button', { name: 'Clear finished' }).click()

  const history = await openHistory(page)
  const newest = history.getByRole('listitem', { name: /^Upload of / }).nth(0)
  await expect(newest).toContainText('2 files')
  await newest.getByRole('button', { name: /^Download the upload of / }).click()
  await expect(page.getByRole('dialog', { name: 'Download' })).toContainText(
    /Download the 2 files of the upload of .+ to/,
  )
  await downloadTo(page, to, 2)
  for (const name of ['a.txt', 'b.txt']) await expectStatus(page, name, 'Downloaded')
  expect((await fs.readdir(to)).sort()).toEqual(['a.txt', 'b.txt'])
  expect(await fs.readFile(path.join(to, 'b.txt'), 'utf8')).toBe('second drop, b')
})

test('Ctrl+Shift+S in the file list is Download… (the menu item shows the key)', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const to = await openIndexed(page, host, sandbox, tmp)
  await fileRow(page, 'notes.txt').click({ button: 'right' })
  await expect(
    page.getByRole('menu', { name: 'File actions' }).getByRole('menuitem', { name: /^Download…/ }),
  ).toContainText('Ctrl+Shift+S')
  await page.keyboard.press('Escape')

  await fileRow(page, 'notes.txt').click()
  await page.keyboard.press('Control+Shift+S')
  await expect(page.getByRole('dialog', { name: 'Download' })).toContainText('Download 1 file to')
  await downloadTo(page, to, 1)
  await expectStatus(page, 'notes.txt', 'Downloaded')
  expect(await fs.readFile(path.join(to, 'notes.txt'), 'utf8')).toBe(contentOf('notes.txt'))
})

test('Ctrl+Shift+S on a folder row downloads that folder with its subfolders, as the row’s menu Download… does', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const to = await openIndexed(page, host, sandbox, tmp)
  // The cursor on the folder row (a click picks no file: the row is a folder), then the key.
  await fileRow(page, 'Documents').click()
  await page.keyboard.press('Control+Shift+S')
  await expect(page.getByRole('dialog', { name: 'Download' })).toContainText(
    'Download the folder Documents with its subfolders to',
  )
  await downloadTo(page, to, 2)
  await expect(page.getByText('Select files to download them')).toHaveCount(0)
  await expectStatus(page, 'contract.docx', 'Downloaded')
  await expectStatus(page, 'invoice-001.pdf', 'Downloaded')
  expect(await fs.readFile(path.join(to, 'contract.docx'), 'utf8')).toBe(contentOf('contract.docx'))
  expect(await fs.readFile(path.join(to, 'Invoices', 'invoice-001.pdf'), 'utf8')).toBe(
    contentOf('invoice-001.pdf'),
  )
})

test('the transfers panel shows both directions, filtered by one control; its controls say they act on transfers', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const to = await openIndexed(page, host, sandbox, tmp)
  await dropAndLand(page, [{ name: 'sent.txt', text: 'an upload' }])
  await fileRow(page, 'notes.txt').click()
  await page.keyboard.press('Control+Shift+S')
  await downloadTo(page, to, 1)
  await expectStatus(page, 'notes.txt', 'Downloaded')

  const panel = page.getByRole('region', { name: 'Transfers' })
  const rows = panel.getByRole('list', { name: 'Transfers' }).getByRole('listitem')
  const summary = panel.getByTestId('queue-summary')
  await expect(rows).toHaveText([/sent\.txt/, /notes\.txt/])
  await expect(summary).toContainText('2 of 2 done')

  const show = panel.getByRole('radiogroup', { name: 'Show' })
  await show.getByRole('radio', { name: 'Downloads' }).check()
  await expect(rows).toHaveText([/notes\.txt/])
  await expect(summary).toContainText('1 of 1 done')
  await show.getByRole('radio', { name: 'Uploads' }).check()
  await expect(rows).toHaveText([/sent\.txt/])
  await show.getByRole('radio', { name: 'All' }).check()
  await expect(rows).toHaveCount(2)

  // The queue-wide buttons act on both directions, and say so.
  await expect(panel.getByRole('button', { name: 'Pause all' })).toHaveAttribute(
    'title',
    /^Transfers already running finish/,
  )
  await expect(panel.getByRole('progressbar', { name: 'Total transfer progress' })).toBeVisible()
})
