import fs from 'node:fs/promises'
import path from 'node:path'
import { expect, expectIndexSettled, fileRow, openWithSmallTree, readIndex, test } from './fixtures.ts'

/** When the app last read folder `fldId` from the host (folder_checks), as its index has it. */
const checkedAt = (dataDir: string, fldId: number) =>
  readIndex(
    dataDir,
    (db) =>
      (
        db.prepare('SELECT checked_at FROM folder_checks WHERE fld_id = ?').get(fldId) as
          | { checked_at: number }
          | undefined
      )?.checked_at ?? null,
  )

test('the open folder lists the folders a folder upload just made, at once, as the tree does (issue 23, item 5)', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  await openWithSmallTree(page, host, sandbox)
  await expectIndexSettled(host.dataDir, 0)
  const rootChecked = checkedAt(host.dataDir, 0)
  expect(rootChecked).not.toBeNull()
  // The status bar's count of the open folder's folders ("2 folders").
  const folders = page.locator('.statusbar').getByText(/^\d+ folders?$/)
  const before = Number.parseInt((await folders.textContent()) ?? '', 10)

  const album = path.join(tmp, 'album 2026')
  await fs.mkdir(path.join(album, 'day one'), { recursive: true })
  for (const rel of ['cover.jpg', 'day one/beach.jpg']) await fs.writeFile(path.join(album, rel), rel)
  await page.getByTestId('upload-folder-input').setInputFiles(album)
  await expect(page.getByRole('dialog', { name: /^Upload/ }).getByTestId('batch-summary')).toHaveText(
    '2 files uploaded.',
  )

  // The tree and the list agree: the new folder is a row of the open folder, and the count says one more.
  const tree = page.getByRole('tree', { name: 'Folders' })
  await expect(tree.getByRole('treeitem', { name: /album 2026/ })).toBeVisible()
  await expect(fileRow(page, 'album 2026')).toBeVisible()
  await expect(folders).toHaveText(`${before + 1} folders`)
  // From what the app wrote when it made the folder, not from reading the open folder again from the host.
  expect(checkedAt(host.dataDir, 0)).toBe(rootChecked)

  // Inside it, its own subfolder is listed too.
  await fileRow(page, 'album 2026').dblclick()
  await expect(fileRow(page, 'day one')).toBeVisible()
  await expect(fileRow(page, 'cover.jpg')).toBeVisible()
})
