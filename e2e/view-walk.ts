import fs from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import type { SandboxHandle } from '../sandbox/server.ts'
import { deleteFile, seedSmallTree, upload } from '../sandbox/testing/api-calls.ts'
import { png, uploadBytes } from './file-bytes.ts'
import { expect, fileRow, type Host, openWithAccount, ref } from './fixtures.ts'
import { dragFiles, expectStatus, openQueueSettings, queueRow } from './upload-helpers.ts'

export interface WalkContext {
  page: Page
  host: Host
  sandbox: SandboxHandle
  tmp: string
}

/**
 * Every main view and dialog of the window, one after the other, with what each needs on screen (files, a deleted
 * file, a picture and a text in Quick Look, links checked, a watch folder, uploads queued and finished, a download
 * under way and finished). `visit` is called at each stop, named; the walk goes on once it returns, so a visit
 * must leave the window as it found it (the language, the open dialog). The walk finds its controls by their
 * English names: a visit that changes the language changes it back.
 */
export async function walkEveryView(
  { page, host, sandbox, tmp }: WalkContext,
  visit: (view: string) => Promise<void>,
): Promise<void> {
  const sb = ref(sandbox)
  const seeded = await seedSmallTree(sb)
  await deleteFile(sb, seeded.files['holiday.jpg'] as string)
  await uploadBytes(sb, 'picture.png', png(64, 48))
  // 2 MiB, sent slowly while the transfers panel is visited with its download under way.
  await upload(sb, 'big.log', 'a download under way\n'.repeat(100 * 1024))

  await page.goto(host.url)
  await expect(page.getByRole('button', { name: 'Try it offline' })).toBeVisible()
  await visit('first run')
  await openWithAccount(page, host, sandbox)
  await expect(fileRow(page, 'notes.txt')).toBeVisible()
  await visit('files (list) and folder tree')

  const quickLook = page.getByRole('dialog', { name: /^Quick Look: / })
  await fileRow(page, 'picture.png').click()
  await page.keyboard.press('Space')
  await expect
    .poll(() => quickLook.getByTestId('ql-image').evaluate((el: HTMLImageElement) => el.naturalWidth))
    .toBe(64)
  await visit('quick look (picture)')
  await page.keyboard.press('Escape')
  await fileRow(page, 'notes.txt').click()
  await page.keyboard.press('Space')
  await expect(quickLook.getByTestId('ql-text')).toContainText('content of notes.txt')
  await visit('quick look (text)')
  await page.keyboard.press('Escape')
  await expect(quickLook).toHaveCount(0)

  await fileRow(page, 'notes.txt').click()
  await page.getByRole('button', { name: 'Details' }).click()
  await expect(page.getByRole('complementary', { name: 'Details' })).toContainText('notes.txt')
  await visit('details panel')

  await fileRow(page, 'notes.txt').click({ button: 'right' })
  await visit('file menu')
  await page.getByRole('menuitem', { name: /Move to folder/ }).click()
  const move = page.getByRole('dialog', { name: 'Move to folder' })
  await expect(move.getByRole('treeitem', { name: 'Photos' })).toBeVisible()
  await visit('move dialog')
  await page.keyboard.press('Escape')
  await expect(move).toHaveCount(0)

  await page.getByRole('button', { name: 'Grid view' }).click()
  await expect(page.locator('.files-tiles')).toBeVisible()
  await visit('files (grid)')
  await page.getByRole('button', { name: 'List view' }).click()

  await page.getByRole('button', { name: 'Deleted files' }).click()
  await expect(page.getByRole('table', { name: 'Deleted files' })).toContainText('holiday.jpg')
  await visit('deleted files')

  await page.getByRole('button', { name: 'Dashboard' }).click()
  await expect(page.getByRole('table', { name: 'Statistics per day' })).toBeVisible()
  await visit('dashboard')

  await page.getByRole('button', { name: 'Link checker' }).click()
  await page
    .getByRole('textbox')
    .first()
    .fill(`${sb.baseUrl}/${seeded.files['notes.txt']}\n${sb.baseUrl}/zz0000000000`)
  await page
    .getByRole('button', { name: /^Check/ })
    .first()
    .click()
  await expect(page.getByTestId('link-check-summary')).toBeVisible()
  await visit('link checker')

  const watched = path.join(tmp, 'outbox')
  await fs.mkdir(watched)
  await page.getByRole('button', { name: 'Watch folders' }).click()
  const form = page.getByRole('form', { name: 'Add a watch folder' })
  await form.getByRole('textbox', { name: 'Folder to watch' }).fill(watched)
  await form.getByRole('button', { name: 'Watch this folder' }).click()
  await expect(page.getByText(watched).first()).toBeVisible()
  await visit('watch folders')

  await page.getByRole('button', { name: 'Accounts' }).click()
  const accounts = page.getByRole('dialog', { name: 'Accounts' })
  await expect(accounts).toBeVisible()
  await visit('accounts')
  await accounts.getByRole('button', { name: 'Add account' }).click()
  await expect(page.getByRole('form', { name: 'Add account' })).toBeVisible()
  await visit('add account')
  await page.keyboard.press('Escape')
  await expect(accounts).toHaveCount(0)

  await page.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible()
  await visit('settings')
  await page.keyboard.press('Escape')

  // The queue with items waiting (paused, so they stay), then the finished card.
  await page.getByRole('button', { name: 'All files' }).click()
  const queue = await openQueueSettings(page)
  await queue.getByRole('button', { name: 'Pause all' }).click()
  await dragFiles(page, [
    { name: 'one.txt', text: 'one' },
    { name: 'two.txt', text: 'two' },
  ])
  await expectStatus(page, 'one.txt', 'Waiting')
  await visit('upload queue with items')
  await page.getByTestId('queue-paused').getByRole('button', { name: 'Resume transfers' }).click()
  await expectStatus(page, 'two.txt', 'Done')
  const card = page.getByRole('dialog', { name: /^Upload/ })
  await expect(card.getByTestId('batch-summary')).toContainText('2 files uploaded')
  await expect(queueRow(page, 'one.txt')).toBeVisible()
  await visit('finished card and queue')

  // The same folder twice: the "already there" question.
  const album = path.join(tmp, 'album')
  await fs.mkdir(album)
  await fs.writeFile(path.join(album, 'cover.jpg'), 'cover')
  await page.getByTestId('upload-folder-input').setInputFiles(album)
  await expect(card.getByTestId('batch-summary')).toContainText('3 files uploaded')
  await page.getByTestId('upload-folder-input').setInputFiles(album)
  const question = page.getByRole('dialog', { name: 'Some files are already there' })
  await expect(question).toBeVisible()
  await visit('already there')
  await question.getByRole('button', { name: 'Skip them' }).click()

  await page.getByRole('button', { name: 'Upload history' }).click()
  await expect(page.getByRole('list', { name: 'Upload history' })).toContainText('one.txt')
  await visit('upload history')
  // Verify of a batch: its report (dropped files staged by the browser host read "source unknown").
  await page
    .getByRole('list', { name: 'Upload history' })
    .getByRole('button', { name: /^Verify the upload of / })
    .first()
    .click()
  const verify = page.getByRole('dialog', { name: 'Verify' })
  await expect(verify.getByTestId('verify-counts')).toBeVisible()
  await visit('verify dialog')
  await verify.getByRole('button', { name: 'Close' }).last().click()

  // A download (Download reads the files from the index, so once the first crawl is over): its dialog, then
  // the transfers panel with it under way (paced by the sandbox), then finished.
  await page.getByRole('button', { name: 'All files' }).click()
  await expect(page.getByTestId('index-progress')).toHaveCount(0, { timeout: 30_000 })
  const to = path.join(tmp, 'downloads')
  await fs.mkdir(to)
  sandbox.setFaults({ downloadBytesPerSec: 128 << 10 })
  await fileRow(page, 'big.log').click({ button: 'right' })
  await page
    .getByRole('menu', { name: 'File actions' })
    .getByRole('menuitem', { name: /^Download…/ })
    .click()
  const download = page.getByRole('dialog', { name: 'Download' })
  await download.getByRole('textbox', { name: 'Save in' }).fill(to)
  await expect(download.getByRole('list', { name: 'Download plan' })).toContainText('To fetch: 1 file')
  await visit('download dialog')
  await download.getByRole('button', { name: 'Download', exact: true }).click()
  await expectStatus(page, 'big.log', /Downloading \d+%/)
  await visit('transfers panel with a download under way')
  sandbox.setFaults({ downloadBytesPerSec: 0 })
  await expectStatus(page, 'big.log', 'Downloaded')
  await visit('transfers panel with a finished download')
}
