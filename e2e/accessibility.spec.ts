import fs from 'node:fs/promises'
import path from 'node:path'
import { deleteFile, seedSmallTree } from '../sandbox/testing/api-calls.ts'
import { type Finding, scan } from './axe-scan.ts'
import { expect, fileRow, openWithAccount, ref, test } from './fixtures.ts'
import { dragFiles, expectStatus, openQueueSettings, queueRow } from './upload-helpers.ts'

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme })

    test('axe finds nothing serious in any view or dialog', async ({ page, host, sandbox, tmp }) => {
      test.setTimeout(180_000)
      const found: Finding[] = []
      const check = async (view: string) => found.push(...(await scan(page, view)))
      const sb = ref(sandbox)
      const seeded = await seedSmallTree(sb)
      await deleteFile(sb, seeded.files['holiday.jpg'] as string)

      await page.goto(host.url)
      await expect(page.getByRole('button', { name: 'Try it offline' })).toBeVisible()
      await check('first run')
      await openWithAccount(page, host, sandbox)
      await expect(fileRow(page, 'notes.txt')).toBeVisible()
      await check('files (list) and folder tree')

      await fileRow(page, 'notes.txt').click()
      await page.getByRole('button', { name: 'Details' }).click()
      await expect(page.getByRole('complementary', { name: 'Details' })).toContainText('notes.txt')
      await check('details panel')

      await fileRow(page, 'notes.txt').click({ button: 'right' })
      await check('file menu')
      await page.getByRole('menuitem', { name: /Move to folder/ }).click()
      const move = page.getByRole('dialog', { name: 'Move to folder' })
      await expect(move.getByRole('treeitem', { name: 'Photos' })).toBeVisible()
      await check('move dialog')
      await page.keyboard.press('Escape')
      await expect(move).toHaveCount(0)

      await page.getByRole('button', { name: 'Grid view' }).click()
      await expect(page.locator('.files-tiles')).toBeVisible()
      await check('files (grid)')
      await page.getByRole('button', { name: 'List view' }).click()

      await page.getByRole('button', { name: 'Deleted files' }).click()
      await expect(page.getByRole('table', { name: 'Deleted files' })).toContainText('holiday.jpg')
      await check('deleted files')

      await page.getByRole('button', { name: 'Dashboard' }).click()
      await expect(page.getByRole('table', { name: 'Statistics per day' })).toBeVisible()
      await check('dashboard')

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
      await check('link checker')

      const watched = path.join(tmp, 'outbox')
      await fs.mkdir(watched)
      await page.getByRole('button', { name: 'Watch folders' }).click()
      const form = page.getByRole('form', { name: 'Add a watch folder' })
      await form.getByRole('textbox', { name: 'Folder to watch' }).fill(watched)
      await form.getByRole('button', { name: 'Watch this folder' }).click()
      await expect(page.getByText(watched).first()).toBeVisible()
      await check('watch folders')

      await page.getByRole('button', { name: 'Accounts' }).click()
      const accounts = page.getByRole('dialog', { name: 'Accounts' })
      await expect(accounts).toBeVisible()
      await check('accounts')
      await accounts.getByRole('button', { name: 'Add account' }).click()
      await expect(page.getByRole('form', { name: 'Add account' })).toBeVisible()
      await check('add account')
      await page.keyboard.press('Escape')
      await expect(accounts).toHaveCount(0)

      await page.getByRole('button', { name: 'Settings' }).click()
      await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible()
      await check('settings')
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
      await check('upload queue with items')
      await page.getByTestId('queue-paused').getByRole('button', { name: 'Resume uploads' }).click()
      await expectStatus(page, 'two.txt', 'Done')
      const card = page.getByRole('dialog', { name: /^Upload/ })
      await expect(card.getByTestId('batch-summary')).toContainText('2 files uploaded')
      await expect(queueRow(page, 'one.txt')).toBeVisible()
      await check('finished card and queue')

      // The same folder twice: the "already there" question.
      const album = path.join(tmp, 'album')
      await fs.mkdir(album)
      await fs.writeFile(path.join(album, 'cover.jpg'), 'cover')
      await page.getByTestId('upload-folder-input').setInputFiles(album)
      await expect(card.getByTestId('batch-summary')).toContainText('3 files uploaded')
      await page.getByTestId('upload-folder-input').setInputFiles(album)
      const question = page.getByRole('dialog', { name: 'Some files are already there' })
      await expect(question).toBeVisible()
      await check('already there')
      await question.getByRole('button', { name: 'Skip them' }).click()

      await page.getByRole('button', { name: 'Upload history' }).click()
      await expect(page.getByRole('list', { name: 'Upload history' })).toContainText('one.txt')
      await check('upload history')

      expect(found, JSON.stringify(found, null, 2)).toEqual([])
    })
  })
}
