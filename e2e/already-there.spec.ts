import fs from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import type { SandboxHandle } from '../sandbox/server.ts'
import { listFiles } from '../sandbox/testing/api-calls.ts'
import { expect, type Host, openWithAccount, ref, test } from './fixtures.ts'
import { clearToasts, toastsWith } from './layout-helpers.ts'
import { hostFileNames, hostFolder, openHistory, openInNewFolder } from './upload-helpers.ts'

/** Every file of the account as `name:code`, sorted: what "the host is unchanged" is checked against. */
async function hostState(sb: ReturnType<typeof ref>): Promise<string[]> {
  return (await listFiles(sb)).map((f) => `${f.name}:${f.file_code}`).sort()
}

test('the same folder dropped twice: one question, Skip, and the host is unchanged', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const sb = ref(sandbox)
  const incoming = await openInNewFolder(page, host, sandbox, 'Incoming')

  const album = path.join(tmp, 'album')
  await fs.mkdir(path.join(album, 'day one'), { recursive: true })
  await fs.writeFile(path.join(album, 'cover.jpg'), 'cover')
  await fs.writeFile(path.join(album, 'day one', 'beach.jpg'), 'beach')
  const summary = page.getByRole('dialog', { name: 'Upload finished' }).getByTestId('batch-summary')

  // First drop: nothing is there yet, so nothing is asked.
  await page.getByTestId('upload-folder-input').setInputFiles(album)
  await expect(summary).toContainText('2 files uploaded')
  const albumId = await hostFolder(sb, 'album', incoming)
  expect(await hostFileNames(sb, albumId)).toEqual(['cover.jpg'])
  const before = await hostState(sb)
  const firstPack = await page
    .getByRole('dialog', { name: 'Upload finished' })
    .getByRole('textbox', { name: 'Link pack' })
    .inputValue()
  await page.getByRole('dialog', { name: 'Upload finished' }).getByRole('button', { name: 'Close' }).click()

  // Second drop of the same folder: asked once, for the whole drop, with Skip as the default.
  await page.getByTestId('upload-folder-input').setInputFiles(album)
  const question = page.getByRole('dialog', { name: 'Some files are already there' })
  await expect(question).toBeVisible()
  await expect(question).toContainText(
    'All 2 files of this drop are already in My files/Incoming/album/… (2 folders)',
  )
  await expect(question.getByRole('button', { name: 'Skip them' })).toBeFocused()
  await question.getByRole('button', { name: 'Skip them' }).click()
  await expect(question).toBeHidden()

  // The card's title says nothing went up; its links are those of the files already there.
  const nothingSent = page.getByRole('dialog', { name: 'Already there, nothing sent' })
  await expect(nothingSent.getByTestId('batch-summary')).toContainText(
    '2 files already there, not sent again',
  )
  const secondPack = await nothingSent.getByRole('textbox', { name: 'Link pack' }).inputValue()
  expect(secondPack).toBe(firstPack)
  expect(await hostState(sb)).toEqual(before)
  expect(await hostFolder(sb, 'album', incoming)).toBe(albumId)
})

test('Upload again sends a second copy of each file', async ({ page, host, sandbox, tmp }) => {
  const sb = ref(sandbox)
  await openWithAccount(page, host, sandbox)
  const dir = path.join(tmp, 'notes')
  await fs.mkdir(dir, { recursive: true })
  await fs.writeFile(path.join(dir, 'a.txt'), 'a')
  const summary = page.getByRole('dialog', { name: 'Upload finished' }).getByTestId('batch-summary')

  await page.getByTestId('upload-folder-input').setInputFiles(dir)
  await expect(summary).toContainText('1 file uploaded')
  await page.getByRole('dialog', { name: 'Upload finished' }).getByRole('button', { name: 'Close' }).click()

  await page.getByTestId('upload-folder-input').setInputFiles(dir)
  const question = page.getByRole('dialog', { name: 'Some files are already there' })
  await question.getByRole('button', { name: 'Upload again' }).click()
  await expect(summary).toContainText('1 file uploaded')
  await expect.poll(async () => (await listFiles(sb)).filter((f) => f.name === 'a.txt').length).toBe(2)
})

/**
 * The app open on a new folder Incoming, a folder "album" of four files (two in its subfolder "day one") uploaded
 * there once (its card closed, the toasts gone), then dropped again: the album's local path, the finished card
 * and the question that second drop asks.
 */
async function albumDroppedAgain(page: Page, host: Host, sandbox: SandboxHandle, tmp: string) {
  await openInNewFolder(page, host, sandbox, 'Incoming')
  const album = path.join(tmp, 'album')
  await fs.mkdir(path.join(album, 'day one'), { recursive: true })
  for (const rel of ['cover.jpg', 'back.jpg', 'day one/beach.jpg', 'day one/hill.jpg'])
    await fs.writeFile(path.join(album, rel), rel)
  // The finished card, whatever its title says of the batch.
  const card = page.getByRole('dialog', { name: /^(Upload|Already there)/ })
  await page.getByTestId('upload-folder-input').setInputFiles(album)
  await expect(card.getByTestId('batch-summary')).toContainText('4 files uploaded')
  await card.getByRole('button', { name: 'Close' }).click()
  await clearToasts(page)
  await page.getByTestId('upload-folder-input').setInputFiles(album)
  return { album, card, question: page.getByRole('dialog', { name: 'Some files are already there' }) }
}

test('Skip them on a folder already uploaded: the toast says nothing is sent, the history says “already there”', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const { card, question } = await albumDroppedAgain(page, host, sandbox, tmp)
  await question.getByRole('button', { name: 'Skip them' }).click()
  await expect(toastsWith(page, '4 files already there, nothing to send')).toBeVisible()
  await expect(toastsWith(page, 'Queued')).toHaveCount(0)
  await expect(card.getByTestId('batch-summary')).toContainText('4 files already there, not sent again')
  await expect(card).toHaveAccessibleName('Already there, nothing sent')

  // The history: the upload, then the drop that sent nothing, named for what it was.
  const history = await openHistory(page)
  const headings = history.locator('.history-batch')
  await expect(headings).toHaveCount(2)
  await expect(headings.nth(0)).toContainText('4 files already there, nothing sent')
  await expect(headings.nth(1)).toHaveText(/· 4 files\s*Check these links\s*Download…\s*Verify$/)
  await expect(history.getByRole('listitem', { name: 'cover.jpg' }).first()).toContainText('Already there')
})

test('the question names where the files already are: the dropped folder and the folders in it, listed', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const { album, card, question } = await albumDroppedAgain(page, host, sandbox, tmp)
  await expect(question).toContainText(
    'All 4 files of this drop are already in My files/Incoming/album/… (2 folders), with the same name and size.',
  )
  await question.getByText('Which folders').click()
  const where = question.getByRole('list', { name: 'Folders the files are already in' })
  await expect(where.getByRole('listitem')).toHaveText([
    'My files/Incoming/album · 2 files',
    'My files/Incoming/album/day one · 2 files',
  ])
  await question.getByRole('button', { name: 'Skip them' }).click()

  // A single file dropped into the open folder: it is there, and the question says so plainly.
  await clearToasts(page)
  await card.getByRole('button', { name: 'Close' }).click()
  await page.getByTestId('upload-files-input').setInputFiles(path.join(album, 'day one', 'beach.jpg'))
  await expect(card.getByTestId('batch-summary')).toContainText('1 file uploaded')
  await card.getByRole('button', { name: 'Close' }).click()
  await page.getByTestId('upload-files-input').setInputFiles(path.join(album, 'day one', 'beach.jpg'))
  await expect(question).toContainText(
    'This file is already in My files/Incoming, with the same name and size.',
  )
  await expect(question.getByText('Which folders')).toHaveCount(0)
})
