import type { Locator, Page } from '@playwright/test'
import { expect, fileRow, openWithSmallTree, ref, test } from './fixtures.ts'
import { type DropFile, expectStatus, hostFileNames } from './upload-helpers.ts'

const treeFolder = (page: Page, name: string) =>
  page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name, exact: true })

/**
 * Files from "the OS" dragged over an element of the page and (unless `drop: false`) dropped on it: a DataTransfer
 * of File objects made in the page, carried by dragenter/dragover/drop fired at that element, as Chromium does
 * for a real drop there (the events bubble up to the window, where the app's drop zone listens).
 */
async function dropFilesOn(target: Locator, files: DropFile[], o: { drop?: boolean } = {}): Promise<void> {
  await target.evaluate(
    (el, { files, drop }) => {
      const dt = new DataTransfer()
      for (const f of files) dt.items.add(new File([f.text ?? 'x'.repeat(f.size ?? 1)], f.name))
      ;(window as unknown as { __held?: { el: Element; dt: DataTransfer } }).__held = { el, dt }
      const fire = (type: string) =>
        el.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }))
      fire('dragenter')
      fire('dragover')
      if (drop) fire('drop')
    },
    { files, drop: o.drop ?? true },
  )
}

async function dropHeldFiles(page: Page): Promise<void> {
  await page.evaluate(() => {
    const held = (window as unknown as { __held?: { el: Element; dt: DataTransfer } }).__held
    held?.el.dispatchEvent(new DragEvent('drop', { dataTransfer: held.dt, bubbles: true, cancelable: true }))
  })
}

test('files dropped onto a tree folder upload into that folder, not the open one; again, they are not sent twice', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  const seeded = await openWithSmallTree(page, host, sandbox)
  const photos = treeFolder(page, 'Photos')

  await dropFilesOn(photos, [{ name: 'sunset.jpg', text: 'sunset pixels' }], { drop: false })
  await expect(page.getByText('Drop to upload to Photos on Sandbox')).toBeVisible()
  await expect(photos).toHaveAttribute('data-drop-target', '')
  await dropHeldFiles(page)
  await expect(photos).not.toHaveAttribute('data-drop-target')
  await expectStatus(page, 'sunset.jpg', 'Done')
  expect(await hostFileNames(sb, seeded.folders.photos)).toEqual(['beach.png', 'sunset.jpg'])
  expect(await hostFileNames(sb, 0)).toEqual(['holiday.jpg', 'notes.txt', 'report-2024.pdf'])
  const finished = page.getByRole('dialog', { name: 'Upload finished' })
  await finished.getByRole('button', { name: 'Close' }).click()

  // The same drop again: the file is already in that folder, so it is asked about; Skip leaves one copy.
  await dropFilesOn(photos, [{ name: 'sunset.jpg', text: 'sunset pixels' }])
  const question = page.getByRole('dialog', { name: 'Some files are already there' })
  await expect(question).toContainText('Photos')
  await question.getByRole('button', { name: 'Skip' }).click()
  const nothingSent = page.getByRole('dialog', { name: 'Already there, nothing sent' })
  await expect(nothingSent.getByTestId('batch-summary')).toContainText('1 file already there, not sent again')
  expect(await hostFileNames(sb, seeded.folders.photos)).toEqual(['beach.png', 'sunset.jpg'])
})

test('files dropped onto a folder row upload into it; onto a file row, into the open folder as before', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  const seeded = await openWithSmallTree(page, host, sandbox)
  const documents = fileRow(page, 'Documents')

  await dropFilesOn(documents, [{ name: 'minutes.txt', text: 'minutes' }], { drop: false })
  await expect(page.getByText('Drop to upload to Documents on Sandbox')).toBeVisible()
  await expect(documents).toHaveAttribute('data-drop-target', '')
  await dropHeldFiles(page)
  await expectStatus(page, 'minutes.txt', 'Done')
  expect(await hostFileNames(sb, seeded.folders.documents)).toEqual(['contract.docx', 'minutes.txt'])
  await page.getByRole('dialog', { name: 'Upload finished' }).getByRole('button', { name: 'Close' }).click()

  await dropFilesOn(fileRow(page, 'notes.txt'), [{ name: 'loose.txt', text: 'loose' }], { drop: false })
  await expect(page.getByText('Drop to upload to My files on Sandbox')).toBeVisible()
  await dropHeldFiles(page)
  await expectStatus(page, 'loose.txt', 'Done')
  expect(await hostFileNames(sb, 0)).toEqual(['holiday.jpg', 'loose.txt', 'notes.txt', 'report-2024.pdf'])
  expect(await hostFileNames(sb, seeded.folders.documents)).toEqual(['contract.docx', 'minutes.txt'])
})
