import fs from 'node:fs/promises'
import path from 'node:path'
import { listFiles } from '../sandbox/testing/api-calls.ts'
import { expect, openWithAccount, ref, test } from './fixtures.ts'

test('watch folders: add a folder, a file written into it goes up once; pause, resume and remove', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const sb = ref(sandbox)
  const watched = path.join(tmp, 'outbox')
  await fs.mkdir(watched)
  await fs.writeFile(path.join(watched, 'already-there.txt'), 'arrived before the watch')

  await openWithAccount(page, host, sandbox)
  await page.getByRole('button', { name: 'Watch folders' }).click()
  await expect(page.getByRole('button', { name: 'Watch folders' })).toHaveAttribute('aria-current', 'page')
  await expect(page.getByText('No watch folders yet')).toBeVisible()

  const form = page.getByRole('form', { name: 'Add a watch folder' })
  // A folder that is not there: a clear problem, nothing added.
  await form.getByRole('textbox', { name: 'Folder to watch' }).fill(path.join(tmp, 'nope'))
  await form.getByRole('button', { name: 'Watch this folder' }).click()
  await expect(form.getByRole('alert')).toContainText('is not a folder')

  await form.getByRole('textbox', { name: 'Folder to watch' }).fill(watched)
  await form.getByLabel('Unchanged for (seconds)').fill('0.5')
  await form.getByRole('button', { name: 'Watch this folder' }).click()
  const row = page.getByRole('listitem', { name: watched })
  // The file that was there before is sent by the catch-up; a partial download is not.
  await expect(row).toContainText('Watching · 1 file sent', { timeout: 15_000 })
  await fs.writeFile(path.join(watched, 'movie.mkv.crdownload'), 'partial')
  await fs.writeFile(path.join(watched, 'new.txt'), 'written while watched')
  await expect(row).toContainText('Watching · 2 files sent', { timeout: 15_000 })
  await expect(row).toContainText(/Last sent: (new|already-there)\.txt/)

  // Adding the same folder again is refused with words, not a second watcher.
  await form.getByRole('textbox', { name: 'Folder to watch' }).fill(watched)
  await form.getByRole('button', { name: 'Watch this folder' }).click()
  await expect(form.getByRole('alert')).toContainText('already watched')

  await row.getByRole('button', { name: 'Pause' }).click()
  await expect(row).toContainText('Paused · 2 files sent')
  await fs.writeFile(path.join(watched, 'while-paused.txt'), 'waits for resume')
  await page.waitForTimeout(1500)
  await row.getByRole('button', { name: 'Resume' }).click()
  await expect(row).toContainText('Watching · 3 files sent', { timeout: 15_000 })

  const names = (await listFiles(sb)).map((f) => f.name).sort()
  expect(names).toEqual(['already-there.txt', 'new.txt', 'while-paused.txt'])

  await page.getByRole('button', { name: `Stop watching ${watched}` }).click()
  await expect(page.getByText('No watch folders yet')).toBeVisible()
  await fs.writeFile(path.join(watched, 'after-remove.txt'), 'not sent')
  await page.waitForTimeout(1500)
  expect((await listFiles(sb)).map((f) => f.name)).not.toContain('after-remove.txt')
})
