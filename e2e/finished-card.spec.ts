import fs from 'node:fs/promises'
import path from 'node:path'
import { listFiles } from '../sandbox/testing/api-calls.ts'
import { expect, openWithSmallTree, ref, test } from './fixtures.ts'
import { clearToasts, shotPath } from './layout-helpers.ts'
import { dragFiles, expectStatus, openQueueSettings, queueRow } from './upload-helpers.ts'

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('one finished card for everything since the user looked: numbers add up, the newest drop first, Copy copies it all', async ({
  page,
  host,
  sandbox,
  tmp,
}, info) => {
  const sb = ref(sandbox)
  await openWithSmallTree(page, host, sandbox)
  const cards = page.getByRole('dialog', { name: /^Upload/ })

  // Three files, then a folder of four (two of them in subfolders), the card left open in between.
  const singles = ['memo-a.txt', 'memo-b.txt', 'memo-c.txt']
  await dragFiles(
    page,
    singles.map((name) => ({ name, text: name })),
  )
  await expect(cards.getByTestId('batch-summary')).toHaveText('3 files uploaded.')
  const album = path.join(tmp, 'album')
  await fs.mkdir(path.join(album, 'day one'), { recursive: true })
  await fs.mkdir(path.join(album, 'day two'), { recursive: true })
  const inAlbum = { 'cover.jpg': '', 'back.jpg': '', 'day one/beach.jpg': '', 'day two/hill.jpg': '' }
  for (const rel of Object.keys(inAlbum)) await fs.writeFile(path.join(album, rel), rel)
  await page.getByTestId('upload-folder-input').setInputFiles(album)

  // One card, never a second one under it, and its sentence counts all seven.
  await expect(cards.getByTestId('batch-summary')).toHaveText('7 files uploaded (2 uploads).')
  await expect(cards).toHaveCount(1)
  const pack = cards.getByRole('textbox', { name: 'Link pack' })
  const lines = (await pack.inputValue()).split('\n')
  expect(lines).toHaveLength(7)
  // The newest drop first: the folder's four links, then the three files'.
  const codeOf = new Map((await listFiles(sb)).map((f) => [f.file_code, f.name]))
  const names = lines.map((l) => codeOf.get(new URL(l).pathname.split('/')[1] ?? ''))
  expect(new Set(names.slice(0, 4))).toEqual(new Set(Object.keys(inAlbum).map((p) => path.basename(p))))
  expect(new Set(names.slice(4))).toEqual(new Set(singles))
  await clearToasts(page)
  await page.screenshot({ path: shotPath(info, 'finished-card.png') })

  await cards.getByRole('button', { name: 'Copy' }).click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(lines.join('\n'))
  // Closing it is having looked: nothing is uncovered behind it.
  await cards.getByRole('button', { name: 'Close' }).click()
  await expect(cards).toHaveCount(0)
})

test('a drop whose only upload was cancelled says so: no “Upload finished · 0 files uploaded” with a check', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  const queue = await openQueueSettings(page)
  await queue.getByRole('button', { name: 'Pause all' }).click()
  await dragFiles(page, [{ name: 'never-mind.txt', text: 'changed my mind' }])
  await expectStatus(page, 'never-mind.txt', 'Waiting')
  await queueRow(page, 'never-mind.txt').getByRole('button', { name: 'Cancel never-mind.txt' }).click()

  const card = page.getByRole('dialog', { name: 'Upload cancelled' })
  await expect(card.getByTestId('batch-summary')).toHaveText('1 upload cancelled, nothing sent.')
  await expect(page.getByRole('dialog', { name: 'Upload finished' })).toHaveCount(0)
  // Nothing to copy: no link pack, no Copy.
  await expect(card.getByRole('button', { name: 'Copy' })).toHaveCount(0)
  expect((await listFiles(ref(sandbox))).map((f) => f.name)).not.toContain('never-mind.txt')
})
