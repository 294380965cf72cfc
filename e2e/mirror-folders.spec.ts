import { createFolder, listFiles } from '../sandbox/testing/api-calls.ts'
import { addAccount, expect, openWithAccount, ref, test } from './fixtures.ts'
import { dragFiles, dropHeld, hostFileNames, openUploadMenu } from './upload-helpers.ts'

test('a mirrored drop lands in the folder chosen on each account', async ({ page, host, sandbox }) => {
  const second = await sandbox.createAccount('photos@sandbox.local')
  const backup = { baseUrl: sandbox.baseUrl, apiKey: second.apiKey }
  const projects = await createFolder(ref(sandbox), 'Projects')
  const photos = await createFolder(backup, 'Photos')
  await openWithAccount(page, host, sandbox)
  await page.getByRole('button', { name: 'Accounts' }).click()
  await page.getByRole('dialog', { name: 'Accounts' }).getByRole('button', { name: 'Add account' }).click()
  await addAccount(page, { label: 'Backup', ...backup })
  await expect(page.getByRole('list', { name: 'Accounts' })).toContainText('Backup')
  await page.keyboard.press('Escape')

  let menu = await openUploadMenu(page)
  await menu.getByRole('menuitemcheckbox', { name: 'Sandbox' }).click()
  await expect(menu.getByRole('menuitem', { name: 'My files on Sandbox…' })).toBeVisible()
  await menu.getByRole('menuitem', { name: 'My files on Sandbox…' }).click()
  const pickSandbox = page.getByRole('dialog', { name: 'Upload folder on Sandbox' })
  await pickSandbox.getByRole('treeitem', { name: /Projects/ }).click()
  await pickSandbox.getByRole('button', { name: 'Use “Projects”' }).click()
  await expect(pickSandbox).toBeHidden()

  menu = await openUploadMenu(page)
  await menu.getByRole('menuitem', { name: 'My files on Backup…' }).click()
  const pickBackup = page.getByRole('dialog', { name: 'Upload folder on Backup' })
  await pickBackup.getByRole('treeitem', { name: /Photos/ }).click()
  await pickBackup.getByRole('button', { name: 'Use “Photos”' }).click()
  menu = await openUploadMenu(page)
  await expect(menu.getByText('To Projects on Sandbox, Photos on Backup')).toBeVisible()
  await page.keyboard.press('Escape')

  await dragFiles(page, [{ name: 'shared.txt', text: 'both' }], { drop: false })
  await expect(page.getByText('Drop to upload to Projects on Sandbox, Photos on Backup')).toBeVisible()
  await dropHeld(page)
  await expect(
    page.getByRole('dialog', { name: 'Upload finished' }).getByTestId('batch-summary'),
  ).toContainText('2 files uploaded')
  // Checked through the host's API: each file is in the chosen folder, none in either root.
  expect(await hostFileNames(ref(sandbox), projects)).toEqual(['shared.txt'])
  expect(await hostFileNames(backup, photos)).toEqual(['shared.txt'])
  expect((await listFiles(ref(sandbox))).map((f) => [f.name, f.fld_id])).toEqual([['shared.txt', projects]])
  expect((await listFiles(backup)).map((f) => [f.name, f.fld_id])).toEqual([['shared.txt', photos]])
})
