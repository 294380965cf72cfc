import type { Locator, Page } from '@playwright/test'
import { apiGet, deleteFile, listFiles, seedSmallTree, upload } from '../sandbox/testing/api-calls.ts'
import {
  expect,
  expectIndexSettled,
  fileRow,
  openWithAccount,
  openWithSmallTree,
  ref,
  test,
} from './fixtures.ts'
import { grid } from './index-helpers.ts'

const tree = (page: Page) => page.getByRole('tree', { name: 'Folders' })
const treeFolder = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true })

/** The names the host lists in a folder, sorted: the proof a drop moved something, beyond what the page shows. */
const namesIn = async (sandbox: Parameters<typeof ref>[0], fldId: number) =>
  (await listFiles(ref(sandbox), { fld_id: fldId })).map((f) => f.name).sort()

/**
 * Drags with the real mouse (Chromium's own drag and drop), pausing over the target so the test can look at it
 * before the drop: press on the source, move in steps onto the target, then `finish` releases.
 */
async function dragOnto(
  page: Page,
  source: Locator,
  target: Locator,
): Promise<{ finish: () => Promise<void> }> {
  await source.hover()
  await page.mouse.down()
  const box = await target.boundingBox()
  if (!box) throw new Error('the drop target is not on screen')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 8 })
  return { finish: () => page.mouse.up() }
}

test('one file dragged onto a folder row moves there; the folder is marked while the file is over it', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  const photos = fileRow(page, 'Photos')
  const drag = await dragOnto(page, fileRow(page, 'holiday.jpg'), photos)
  await expect(photos).toHaveAttribute('data-drop-target', '')
  await drag.finish()

  await expect(page.getByText('Moved 1 file to Photos')).toBeVisible()
  await expect(photos).not.toHaveAttribute('data-drop-target')
  await expect(fileRow(page, 'holiday.jpg')).toHaveCount(0)
  expect(await namesIn(sandbox, seeded.folders.photos)).toEqual(['beach.png', 'holiday.jpg'])
  expect(await namesIn(sandbox, 0)).toEqual(['notes.txt', 'report-2024.pdf'])
})

test('a multi-selection dragged onto a tree folder moves every picked file; a plain click still picks one', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  const picked = grid(page).locator('[role="row"][aria-selected="true"]')
  await fileRow(page, 'holiday.jpg').click()
  await fileRow(page, 'notes.txt').click({ modifiers: ['ControlOrMeta'] })
  await expect(picked).toHaveCount(2)
  // Without a drag, a click on one file of a selection picks that file alone, as before.
  await fileRow(page, 'holiday.jpg').click()
  await expect(picked).toHaveCount(1)
  await fileRow(page, 'notes.txt').click({ modifiers: ['ControlOrMeta'] })
  await expect(picked).toHaveCount(2)
  // Pressing on a picked file must not narrow the selection before the drag begins.
  const documents = treeFolder(page, 'Documents')
  const drag = await dragOnto(page, fileRow(page, 'notes.txt'), documents)
  await expect(documents).toHaveAttribute('data-drop-target', '')
  await drag.finish()

  await expect(page.getByText('Moved 2 files to Documents')).toBeVisible()
  await expect
    .poll(() => namesIn(sandbox, seeded.folders.documents))
    .toEqual(['contract.docx', 'holiday.jpg', 'notes.txt'])
  expect(await namesIn(sandbox, 0)).toEqual(['report-2024.pdf'])
  await expect(fileRow(page, 'holiday.jpg')).toHaveCount(0)
})

test.describe('a whole selection', () => {
  test('Ctrl+A of a folder dragged onto a tree folder moves all its files with one progress toast; again from All files is safe', async ({
    page,
    host,
    sandbox,
  }) => {
    test.setTimeout(120_000)
    const seeded = await seedSmallTree(ref(sandbox))
    const names: string[] = []
    for (let i = 0; i < 40; i++) {
      const name = `batch-${String(i).padStart(2, '0')}.txt`
      names.push(name)
      await upload(ref(sandbox), name, `file ${i}\n`)
    }
    await openWithAccount(page, host, sandbox)
    await expect(page.getByTestId('status-count')).toHaveText('43 files')
    await grid(page).focus()
    await page.keyboard.press('ControlOrMeta+a')
    await expect(page.getByTestId('status-selection')).toContainText('43 selected')
    // Each move call waits, so the move lasts long enough to watch its progress.
    sandbox.setFaults({ latencyMs: 120 })
    const invoices = treeFolder(page, 'Documents')
    const drag = await dragOnto(page, fileRow(page, 'batch-05.txt'), invoices)
    await expect(invoices).toHaveAttribute('data-drop-target', '')
    await drag.finish()

    const progress = page.getByText(/^Moving 43 files: \d+ done$/)
    await expect(progress).toHaveCount(1)
    await expect(page.getByText('Moved 43 files to Documents')).toBeVisible({ timeout: 30_000 })
    await expect(progress).toHaveCount(0)
    sandbox.setFaults({ latencyMs: 0 })
    const expected = [...names, 'contract.docx', 'holiday.jpg', 'notes.txt', 'report-2024.pdf'].sort()
    expect(await namesIn(sandbox, seeded.folders.documents)).toEqual(expected)
    // The folders were not moved (the API cannot), and nothing is left in the root.
    expect(await namesIn(sandbox, 0)).toEqual([])
    await expect(fileRow(page, 'Photos')).toBeVisible()

    // The same drop again, of every file of the account (All files) onto the same folder: files already there
    // count as moved without a call; the rest (beach.png, invoice-001.pdf) join them. Nothing is lost or doubled.
    await page.getByRole('button', { name: 'All files' }).click()
    await expect(page.getByTestId('status-count')).toHaveText('46 files')
    await grid(page).focus()
    await page.keyboard.press('ControlOrMeta+a')
    await expect(page.getByTestId('status-selection')).toContainText('46 selected')
    const again = await dragOnto(page, fileRow(page, 'batch-10.txt'), invoices)
    await again.finish()
    await expect(page.getByText('Moved 46 files to Documents')).toBeVisible()
    expect(await namesIn(sandbox, seeded.folders.documents)).toEqual(
      [...expected, 'beach.png', 'invoice-001.pdf'].sort(),
    )
    expect(await namesIn(sandbox, seeded.folders.photos)).toEqual([])
  })
})

test('Escape cancels a drag: the mark goes and the drop moves nothing', async ({ page, host, sandbox }) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  // The folder the file is in already takes no drop: it is not marked.
  const home = treeFolder(page, 'My files')
  const drag = await dragOnto(page, fileRow(page, 'holiday.jpg'), home)
  await expect(home).not.toHaveAttribute('data-drop-target')
  const photos = fileRow(page, 'Photos')
  const box = await photos.boundingBox()
  if (!box) throw new Error('the Photos row is not on screen')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 })
  await expect(photos).toHaveAttribute('data-drop-target', '')
  await page.keyboard.press('Escape')
  await expect(photos).not.toHaveAttribute('data-drop-target')
  await drag.finish()

  await expect(fileRow(page, 'holiday.jpg')).toBeVisible()
  await expect(page.getByText(/Moved/)).toHaveCount(0)
  expect(await namesIn(sandbox, seeded.folders.photos)).toEqual(['beach.png'])
  expect(await namesIn(sandbox, 0)).toEqual(['holiday.jpg', 'notes.txt', 'report-2024.pdf'])
})

test('a folder row cannot be dragged: it says so and nothing moves', async ({ page, host, sandbox }) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  const drag = await dragOnto(page, fileRow(page, 'Photos'), fileRow(page, 'Documents'))
  await expect(
    page.getByText('Folders can’t be moved on this host; move the files inside them instead'),
  ).toBeVisible()
  await expect(fileRow(page, 'Documents')).not.toHaveAttribute('data-drop-target')
  await drag.finish()

  const folders = await apiGet<{ folders: Array<{ fld_id: number | string; name: string }> }>(
    ref(sandbox),
    'folder/list',
    {
      fld_id: 0,
    },
  )
  expect(folders.folders.map((f) => f.name).sort()).toEqual(['Documents', 'Photos'])
  expect(await namesIn(sandbox, seeded.folders.photos)).toEqual(['beach.png'])
})

test('a drop that moves some files names each file it could not move, and why', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await fileRow(page, 'holiday.jpg').click()
  await fileRow(page, 'notes.txt').click({ modifiers: ['ControlOrMeta'] })
  await fileRow(page, 'report-2024.pdf').click({ modifiers: ['ControlOrMeta'] })
  // Two of them are deleted on the host behind the app's back: the list still shows them.
  await expectIndexSettled(host.dataDir, 0)
  await deleteFile(ref(sandbox), seeded.files['notes.txt'] ?? '')
  await deleteFile(ref(sandbox), seeded.files['report-2024.pdf'] ?? '')
  const drag = await dragOnto(page, fileRow(page, 'holiday.jpg'), treeFolder(page, 'Photos'))
  await drag.finish()

  await expect(page.getByText('Moved 1 file to Photos')).toBeVisible()
  const notice = page.getByRole('region', { name: '2 files not moved to Photos' })
  const listed = notice.getByRole('list', { name: 'Files not moved' }).getByRole('listitem')
  await expect(listed).toHaveCount(2)
  await expect(listed.filter({ hasText: 'notes.txt' })).toBeVisible()
  await expect(listed.filter({ hasText: 'report-2024.pdf' })).toBeVisible()
  expect(await namesIn(sandbox, seeded.folders.photos)).toEqual(['beach.png', 'holiday.jpg'])
  await notice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(notice).toHaveCount(0)
})

test('in the grid, a tile dragged onto a folder tile moves there, and the grid keeps the focus', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await page.getByRole('button', { name: 'Grid view' }).click()
  const tileOf = (code: string) => grid(page).locator(`.tile[data-code="${code}"]`)
  const documents = tileOf(`folder-${seeded.folders.documents}`)
  const drag = await dragOnto(page, tileOf(seeded.files['notes.txt'] ?? ''), documents)
  await expect(documents).toHaveAttribute('data-drop-target', '')
  await drag.finish()

  await expect(page.getByText('Moved 1 file to Documents')).toBeVisible()
  await expect(grid(page)).toBeFocused()
  expect(await namesIn(sandbox, seeded.folders.documents)).toEqual(['contract.docx', 'notes.txt'])
})

test('resting on a folded tree folder unfolds it, so a file can be dropped into its subfolder', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  const documents = treeFolder(page, 'Documents')
  await expect(documents).toHaveAttribute('aria-expanded', 'false')
  const drag = await dragOnto(page, fileRow(page, 'report-2024.pdf'), documents)
  // The pointer rests there (a real drag repeats dragover while it rests; small moves stand in for that here).
  const box = await documents.boundingBox()
  if (!box) throw new Error('Documents is not on screen')
  const invoices = treeFolder(page, 'Invoices')
  await expect(async () => {
    await page.mouse.move(box.x + box.width / 2 + 1, box.y + box.height / 2)
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await expect(invoices).toBeVisible({ timeout: 200 })
  }).toPass({ timeout: 10_000 })
  const sub = await invoices.boundingBox()
  if (!sub) throw new Error('Invoices is not on screen')
  await page.mouse.move(sub.x + sub.width / 2, sub.y + sub.height / 2, { steps: 4 })
  await expect(invoices).toHaveAttribute('data-drop-target', '')
  await drag.finish()

  await expect(page.getByText('Moved 1 file to Invoices')).toBeVisible()
  expect(await namesIn(sandbox, seeded.folders.invoices)).toEqual(['invoice-001.pdf', 'report-2024.pdf'])
})
