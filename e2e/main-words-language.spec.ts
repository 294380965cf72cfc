import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { apiGet, deleteFile } from '../sandbox/testing/api-calls.ts'
import { expect, fileRow, openWithAccount, openWithSmallTree, ref, test } from './fixtures.ts'
import { grid } from './index-helpers.ts'
import { setLanguage } from './language-helpers.ts'
import { dragFiles, dropAndLand, expectStatus, openHistory, openQueueSettings } from './upload-helpers.ts'

// Words main sent, and words the window wrote once and kept, read again in the language chosen after them.
const spanish: Record<string, string> = JSON.parse(
  readFileSync(join(import.meta.dirname, '../shared/i18n/messages/es.json'), 'utf8'),
)
const es = (id: string): string => {
  const text = spanish[id]
  if (text === undefined) throw new Error(`es.json has no ${id}`)
  return text
}
/** A message's text up to its first placeholder: the words around data that the test does not know. */
const leadOf = (id: string): string => es(id).split('{')[0] as string

const toasts = (page: Page) => page.locator('.toast')

/** F2 on notes.txt, the new name typed, Enter: the rename's toast (with its Undo) shows. */
async function renameNotes(page: Page, to: string): Promise<void> {
  await fileRow(page, 'notes.txt').click()
  await page.keyboard.press('F2')
  const field = page.locator('input:focus')
  await field.fill(to)
  await field.press('Enter')
  await expect(toasts(page).filter({ hasText: `Renamed to “${to}”` })).toBeVisible()
}

test('a download plan’s problem, worded by main, reads in Spanish once the language changes', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await expect(page.getByTestId('index-progress')).toHaveCount(0, { timeout: 30_000 })
  const gone = seeded.files['notes.txt'] as string
  await fileRow(page, 'notes.txt').click()
  await fileRow(page, 'holiday.jpg').click({ modifiers: ['Control'] })
  await expect(page.getByTestId('status-selection')).toContainText('2 selected')

  // Deleted behind the app's back, then read again: the index forgets the file the selection still names, and
  // main's plan reports it as a problem (core/app/download-files.ts, download.problem.notIndexed).
  await deleteFile(ref(sandbox), gone)
  await page.getByRole('button', { name: 'Refresh from the host' }).click()
  await expect(fileRow(page, 'notes.txt')).toHaveCount(0)
  await grid(page).focus()
  await page.keyboard.press('Control+Shift+S')
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Save in' }).fill(tmp)
  const plan = dialog.locator('.download-plan')
  await expect(plan).toContainText(
    `The file ${gone} is no longer in the file index (deleted or moved away on the host).`,
  )

  await setLanguage(page, 'es', 'es')
  await expect(plan).toContainText(es('download.problem.notIndexed').replace('{fileCode}', gone))
  await expect(plan).not.toContainText('no longer in the file index')
  // The dialog's name for what it downloads was written when Download… was asked for: it follows too.
  await expect(dialog).toContainText(es('download.dialog.description').replace('{what}', '2 archivos'))
})

test('an account held by its host: the banner’s words from main read in Spanish once the language changes', async ({
  page,
  host,
  sandbox,
}) => {
  // As e2e/host-lockout.spec.ts: the uploads wait for the lock-out to end, and the banner says until when.
  await openWithAccount(page, host, sandbox)
  await (await openQueueSettings(page)).getByRole('button', { name: 'Pause all' }).click()
  await dragFiles(page, [{ name: 'a.txt', text: 'a' }])
  await expectStatus(page, 'a.txt', 'Waiting')
  await sandbox.setVariant({ lockoutAfter: 1, lockoutSec: 3600 })
  await expect(
    apiGet(ref(sandbox), 'file/rename', { file_code: 'zzzzzzzzzzzz', name: 'x' }),
  ).rejects.toThrow()
  await page.getByTestId('queue-paused').getByRole('button', { name: 'Resume transfers' }).click()
  const banner = page.getByTestId('account-held')
  await expect(banner).toContainText('Uploads waiting. Sandbox: The host has locked this account out until')

  await setLanguage(page, 'es', 'es')
  const held = es('queue.hold.message').replace('{label}', 'Sandbox').split('{cause}')[0] as string
  await expect(banner).toContainText(
    `${leadOf('upload.held.message')}${held}${leadOf('errors.host.lockedOut')}`,
  )
  await expect(banner).not.toContainText('locked this account out')
})

test('an undo’s label, written at the rename, is said in the language of the undo', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  await renameNotes(page, 'meeting.txt')

  await setLanguage(page, 'es', 'es')
  // The list is named in Spanish now.
  await page.getByRole('grid').focus()
  await page.keyboard.press('Control+z')
  const label = es('files.undo.rename').replace('{from}', 'notes.txt').replace('{to}', 'meeting.txt')
  await expect(
    toasts(page).filter({ hasText: es('queue.undo.done').replace('{action}', label) }),
  ).toBeVisible()
  await expect(toasts(page).filter({ hasText: 'rename of' })).toHaveCount(0)
})

test('an undo’s failure, worded when the undo failed, is said in the language shown', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  const notes = seeded.files['notes.txt'] as string
  await renameNotes(page, 'draft.txt')
  // Renamed again elsewhere: the undo refuses to overwrite that name, and says why.
  await apiGet(ref(sandbox), 'file/rename', { file_code: notes, name: 'final.txt' })
  await page.getByRole('grid').focus()
  await page.keyboard.press('Control+z')
  const failed = page.locator('.toast[data-tone="error"]')
  await expect(failed).toContainText('the file was renamed again elsewhere (it is now “final.txt”)')

  // Settings lies over the toasts: their time stands still while the language changes under it.
  await page.keyboard.press('Control+,')
  await expect(page.getByRole('dialog')).toBeVisible()
  await setLanguage(page, 'es', 'es')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  const label = es('files.undo.rename').replace('{from}', 'notes.txt').replace('{to}', 'draft.txt')
  const why = es('files.undo.renamedElsewhere').replace('{name}', 'final.txt')
  await expect(failed).toContainText(
    es('queue.undo.failed').replace('{action}', label).replace('{error}', why),
  )
  await expect(failed).not.toContainText('renamed again elsewhere')
})

test('a verify run’s name, written when it started, is said in the language shown', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithAccount(page, host, sandbox)
  await dropAndLand(page, [{ name: 'a.txt', text: 'a' }])
  const history = await openHistory(page)
  await history
    .getByRole('listitem', { name: /^Upload of / })
    .getByRole('button', { name: /^Verify the upload of / })
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Each file of the upload of ')

  await setLanguage(page, 'es', 'es')
  await expect(dialog).toContainText(
    `${leadOf('verify.dialog.descriptionSampled')}${leadOf('history.batch.verifyWhat')}`,
  )
  await expect(dialog).not.toContainText('the upload of')
})

test('the file list’s sizes and dates follow a change of language, on rows drawn before it', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  // The grid, whatever the language names it.
  const row = page.getByRole('grid').getByRole('row').filter({ hasText: 'report-2024.pdf' })
  await expect(row).toContainText('1.08 KB')
  await expect(row.locator('time')).toContainText(/ [AP]M$/)

  await setLanguage(page, 'es', 'es')
  // Spanish writes a decimal comma and a 24-hour clock.
  await expect(row).toContainText('1,08 KB')
  await expect(row.locator('time')).not.toContainText(/[AP]M/)
})
