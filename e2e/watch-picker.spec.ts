import fs from 'node:fs/promises'
import path from 'node:path'
import { listFiles } from '../sandbox/testing/api-calls.ts'
import { expect, openWithSmallTree, ref, test } from './fixtures.ts'
import { browseTo } from './local-folder-helpers.ts'

// Browse… is the browser host's picker of the machine's folders; under Electron, the OS's own folder dialog,
// answered in main (local-folder-helpers.ts), where the test checks the folder it opened at instead.

test('a watch folder takes folders, not numbers: the target from the folder tree, local folders from Browse…', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  const outbox = path.join(tmp, 'outbox')
  await fs.mkdir(outbox)
  await page.getByRole('button', { name: 'Watch folders' }).click()
  const form = page.getByRole('form', { name: 'Add a watch folder' })
  // No folder id to guess: the target is a folder, shown by its path.
  await expect(form.getByLabel('Into folder id')).toHaveCount(0)
  const into = form.getByRole('status', { name: 'Into folder' })
  await expect(into).toHaveText('My files')

  // The account's folders, in the same tree as the Move dialog; Enter on a folder picks it.
  await form.getByRole('button', { name: 'Choose the folder to upload into' }).click()
  const tree = page.getByRole('dialog', { name: 'Upload into a folder of Sandbox' })
  await tree.getByRole('treeitem', { name: 'Photos' }).focus()
  await page.keyboard.press('Enter')
  await expect(tree).toHaveCount(0)
  await expect(into).toHaveText('My files/Photos')

  // Browse… for the folder to watch: the machine's folders, opened at what is typed; New folder makes one there.
  const dir = form.getByRole('textbox', { name: 'Folder to watch' })
  await dir.fill(tmp)
  const browseWatched = form.getByRole('button', { name: 'Browse for the folder to watch' })
  if (host.electron) {
    // The OS's dialog opens at what is typed.
    expect(await browseTo(page, host, browseWatched, 'Folder to watch', outbox)).toMatchObject({
      defaultPath: tmp,
    })
  } else {
    await browseWatched.click()
    const picker = page.getByRole('dialog', { name: 'Folder to watch' })
    const folders = picker.getByRole('listbox', { name: 'Folders' })
    await expect(picker.getByTestId('local-path')).toHaveText(tmp)
    await expect(folders.getByRole('option', { name: 'outbox' })).toBeVisible()
    // Folders only: the host's data and the app's data are folders here; no file is listed.
    await fs.writeFile(path.join(tmp, 'not-a-folder.txt'), 'a file')
    await picker.getByRole('button', { name: 'New folder' }).click()
    await picker.getByRole('textbox', { name: 'New folder name' }).fill('inbox')
    await picker.getByRole('textbox', { name: 'New folder name' }).press('Enter')
    await expect(folders.getByRole('option', { name: 'inbox' })).toHaveAttribute('aria-selected', 'true')
    expect((await fs.stat(path.join(tmp, 'inbox'))).isDirectory()).toBe(true)
    await expect(folders.getByRole('option', { name: 'not-a-folder.txt' })).toHaveCount(0)
    // The places beside the list: home and the disk's root are named by the window (in its language), the usual
    // folders by their names on the disk.
    const places = picker.getByRole('navigation', { name: 'Places' })
    await expect(places.getByRole('button').first()).toHaveText('Home')
    await expect(places.getByRole('button').last()).toHaveText('Computer')
    // Into outbox (double-click opens), and choose the folder shown.
    await folders.getByRole('option', { name: 'outbox' }).dblclick()
    await expect(picker.getByTestId('local-path')).toHaveText(outbox)
    await picker.getByRole('button', { name: 'Choose “outbox”' }).click()
    await expect(picker).toHaveCount(0)
  }
  await expect(dir).toHaveValue(outbox)

  // The Done folder's Browse… starts in the watched folder.
  const browseDone = form.getByRole('button', { name: 'Browse for the folder sent files move to' })
  if (host.electron) {
    await fs.mkdir(path.join(outbox, 'sent'))
    expect(
      await browseTo(page, host, browseDone, 'Move sent files to', path.join(outbox, 'sent')),
    ).toMatchObject({
      defaultPath: outbox,
    })
  } else {
    await browseDone.click()
    const done = page.getByRole('dialog', { name: 'Move sent files to' })
    await expect(done.getByTestId('local-path')).toHaveText(outbox)
    await done.getByRole('button', { name: 'New folder' }).click()
    await done.getByRole('textbox', { name: 'New folder name' }).fill('sent')
    await done.getByRole('textbox', { name: 'New folder name' }).press('Enter')
    await done.getByRole('button', { name: 'Choose “sent”' }).click()
  }
  await expect(form.getByRole('textbox', { name: 'Move sent files to (optional)' })).toHaveValue(
    path.join(outbox, 'sent'),
  )

  await form.getByLabel('Unchanged for (seconds)').fill('0.5')
  await form.getByRole('button', { name: 'Watch this folder' }).click()
  const row = page.getByRole('listitem', { name: outbox })
  await expect(row).toContainText('to Sandbox, My files/Photos')
  await fs.writeFile(path.join(outbox, 'postcard.jpg'), 'from the watch')
  await expect(row).toContainText('Watching · 1 file sent', { timeout: 15_000 })
  const inPhotos = (await listFiles(ref(sandbox), { fld_id: seeded.folders.photos })).map((f) => f.name)
  expect(inPhotos).toContain('postcard.jpg')

  // The picker remembers its last folder per purpose: a new window opens Browse… where it was left.
  await page.reload()
  await page.getByRole('button', { name: 'Watch folders' }).click()
  const browseAgain = page.getByRole('button', { name: 'Browse for the folder to watch' })
  if (host.electron) {
    expect(await browseTo(page, host, browseAgain, 'Folder to watch', outbox)).toMatchObject({
      defaultPath: outbox,
    })
    return
  }
  await browseAgain.click()
  await expect(page.getByRole('dialog', { name: 'Folder to watch' }).getByTestId('local-path')).toHaveText(
    outbox,
  )
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Folder to watch' })).toHaveCount(0)
})
