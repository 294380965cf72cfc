import { upload } from '../sandbox/testing/api-calls.ts'
import { compareNaturally } from '../shared/natural-name.ts'
import { expect, fileRow, openWithSmallTree, ref, test } from './fixtures.ts'
import {
  codeOfLink,
  grid,
  type HostFile,
  header,
  hostFiles,
  openAllFiles,
  paneRows,
  shownCodes,
} from './index-helpers.ts'

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test.describe('sorting a seeded account', () => {
  test.use({ seedFiles: 2000 })

  test('each column sorts both ways, folders first, in the host’s order; End shows the last row', async ({
    page,
    host,
    sandbox,
  }) => {
    test.setTimeout(120_000)
    const files = await hostFiles(ref(sandbox))
    const byCode = new Map(files.map((f) => [f.file_code, f]))
    await openAllFiles(page, host, sandbox, files.length)
    await expect(header(page, 'Name')).toHaveAttribute('aria-sort', 'ascending')

    const columns: Array<{ name: string; key: keyof HostFile; first: 'ascending' | 'descending' }> = [
      { name: 'Size', key: 'size', first: 'descending' },
      { name: 'Uploaded', key: 'uploaded', first: 'descending' },
      { name: 'Downloads', key: 'downloads', first: 'descending' },
      { name: 'Name', key: 'name', first: 'ascending' },
    ]
    for (const { name, key, first } of columns) {
      for (const dir of first === 'ascending' ? ['ascending', 'descending'] : ['descending', 'ascending']) {
        await header(page, name).getByRole('button').click()
        await expect(header(page, name)).toHaveAttribute('aria-sort', dir)
        // The values down the column are the host's values in that order (ties may fall either way); names as
        // people count (report_2 before report_10).
        const sorted = files
          .map((f) => f[key])
          .sort((a, b) =>
            key === 'name' ? compareNaturally(String(a), String(b)) : a < b ? -1 : a > b ? 1 : 0,
          )
        if (dir === 'descending') sorted.reverse()
        await expect
          .poll(async () => (await shownCodes(page)).slice(0, 10).map((c) => byCode.get(c)?.[key]))
          .toEqual(sorted.slice(0, 10))
        await grid(page).focus()
        await page.keyboard.press('End')
        await expect
          .poll(async () => {
            const code = (await shownCodes(page)).at(-1)
            return code === undefined ? undefined : byCode.get(code)?.[key]
          })
          .toBe(sorted.at(-1))
        await expect(grid(page).locator(`#file-${files.length - 1}`)).toBeVisible()
        await page.keyboard.press('Home')
      }
    }
  })
})

test('folder rows open with a double-click or Enter; Backspace and Alt+Up go up', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  const rows = paneRows(page)
  // Folders come first, then files.
  await expect(rows.nth(0)).toContainText('Documents')
  await expect(rows.nth(1)).toContainText('Photos')
  await expect(page.getByTestId('status-count')).toHaveText('3 files')

  await fileRow(page, 'Documents').dblclick()
  const crumbs = page.getByRole('navigation', { name: 'Folder path' })
  await expect(crumbs).toContainText('Documents')
  await expect(fileRow(page, 'contract.docx')).toBeVisible()

  // Keyboard: the cursor onto the Invoices folder row, Enter opens it.
  await fileRow(page, 'Invoices').click()
  await page.keyboard.press('Enter')
  await expect(fileRow(page, 'invoice-001.pdf')).toBeVisible()
  await expect(crumbs).toContainText('Invoices')

  await page.keyboard.press('Backspace')
  await expect(fileRow(page, 'contract.docx')).toBeVisible()
  await expect(crumbs).not.toContainText('Invoices')
  await grid(page).focus()
  await page.keyboard.press('Alt+ArrowUp')
  await expect(fileRow(page, 'holiday.jpg')).toBeVisible()
  // At the top there is nowhere to go: Backspace again leaves the view as it is.
  await page.keyboard.press('Backspace')
  await expect(fileRow(page, 'holiday.jpg')).toBeVisible()
})

test('search everywhere finds a file in another folder and says where it lives', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  // From the root, its subfolders are searched too (search-scope.spec.ts has the scopes' own tests).
  await page.getByRole('searchbox', { name: 'Search files by name' }).fill('invoice')
  await expect(fileRow(page, 'invoice-001.pdf')).toContainText('My files/Documents/Invoices')

  await page.getByRole('combobox', { name: 'Search in' }).selectOption('account')
  const row = fileRow(page, 'invoice-001.pdf')
  await expect(row).toBeVisible()
  await expect(row).toContainText('My files/Documents/Invoices')
  await expect(header(page, 'Location')).toBeVisible()

  await page.getByRole('combobox', { name: 'Search in' }).selectOption('all-accounts')
  await expect(fileRow(page, 'invoice-001.pdf')).toContainText('Sandbox: My files/Documents/Invoices')
  // The copied link is the host's link of that very file.
  await fileRow(page, 'invoice-001.pdf').click()
  await page.keyboard.press('Control+c')
  await expect(page.getByText('Copied link')).toBeVisible()
  const code = (await hostFiles(ref(sandbox))).find((f) => f.name === 'invoice-001.pdf')?.file_code
  expect(codeOfLink(await page.evaluate(() => navigator.clipboard.readText()))).toBe(code)
})

test('Refresh and re-opening a folder pick up files added on the host; doing it twice changes nothing', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await expect(fileRow(page, 'holiday.jpg')).toBeVisible()

  // Added behind the app's back: the index cannot know until it asks the host.
  await upload(ref(sandbox), 'outside.txt', 'made elsewhere')
  await page.getByRole('button', { name: 'Refresh from the host' }).click()
  await expect(fileRow(page, 'outside.txt')).toBeVisible()
  await page.getByRole('button', { name: 'Refresh from the host' }).click()
  await grid(page).focus()
  await page.keyboard.press('F5')
  await expect(page.getByTestId('status-count')).toHaveText('4 files')
  await expect(fileRow(page, 'outside.txt')).toHaveCount(1)

  // Opening a folder revalidates it.
  await upload(ref(sandbox), 'late.png', 'late', seeded.folders.photos)
  await fileRow(page, 'Photos').dblclick()
  await expect(fileRow(page, 'late.png')).toBeVisible()
  await expect(fileRow(page, 'beach.png')).toBeVisible()
  await page.keyboard.press('Backspace')
  await fileRow(page, 'Photos').dblclick()
  await expect(fileRow(page, 'late.png')).toHaveCount(1)
})

test('Ctrl+A then unticking: copy and move act on the whole result less the unticked file', async ({
  page,
  host,
  sandbox,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await fileRow(page, 'holiday.jpg').click()
  await page.keyboard.press('Control+a')
  await expect(page.getByTestId('status-selection')).toContainText('3 selected')
  await fileRow(page, 'notes.txt').click({ modifiers: ['Control'] })
  await expect(page.getByTestId('status-selection')).toContainText('2 selected')
  await expect(fileRow(page, 'notes.txt')).toHaveAttribute('aria-selected', 'false')

  await page.keyboard.press('Control+c')
  await expect(page.getByText('Copied 2 links')).toBeVisible()
  const root = await hostFiles(ref(sandbox), 0)
  const links = (await page.evaluate(() => navigator.clipboard.readText())).split('\n')
  expect(links.map(codeOfLink).sort()).toEqual(
    root
      .filter((f) => f.name !== 'notes.txt')
      .map((f) => f.file_code)
      .sort(),
  )
  for (const link of links) expect(link.startsWith(`${sandbox.baseUrl}/`)).toBe(true)

  await fileRow(page, 'holiday.jpg').click({ button: 'right' })
  await page.getByRole('menuitem', { name: /Move to folder/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Move to folder' })
  await dialog.getByRole('treeitem', { name: 'Photos' }).click()
  await dialog.getByRole('button', { name: 'Move to “Photos”' }).click()
  await expect(page.getByText('Moved 2 files to Photos')).toBeVisible()
  await expect(fileRow(page, 'notes.txt')).toBeVisible()
  await expect(fileRow(page, 'holiday.jpg')).toHaveCount(0)
  const inPhotos = await hostFiles(ref(sandbox), seeded.folders.photos)
  expect(inPhotos.map((f) => f.name).sort()).toEqual(['beach.png', 'holiday.jpg', 'report-2024.pdf'])
  expect((await hostFiles(ref(sandbox), 0)).map((f) => f.name)).toEqual(['notes.txt'])
})

test('a second window follows a rename and a move made in the first (index change events)', async ({
  page,
  host,
  sandbox,
  context,
}) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  const second = await context.newPage()
  await second.goto(host.url)
  await expect(fileRow(second, 'notes.txt')).toBeVisible()

  await fileRow(page, 'notes.txt').click()
  await page.keyboard.press('F2')
  await page.getByRole('textbox', { name: 'New name for notes.txt' }).fill('minutes.txt')
  await page.keyboard.press('Enter')
  await expect(fileRow(second, 'minutes.txt')).toBeVisible()
  await expect(fileRow(second, 'notes.txt')).toHaveCount(0)

  await fileRow(page, 'holiday.jpg').click({ button: 'right' })
  await page.getByRole('menuitem', { name: /Move to folder/ }).click()
  const move = page.getByRole('dialog', { name: 'Move to folder' })
  await move.getByRole('treeitem', { name: 'Photos' }).click()
  await move.getByRole('button', { name: 'Move to “Photos”' }).click()
  await expect(fileRow(second, 'holiday.jpg')).toHaveCount(0)
  await expect(second.getByTestId('status-count')).toHaveText('2 files')
  const inPhotos = await hostFiles(ref(sandbox), seeded.folders.photos)
  expect(inPhotos.map((f) => f.name).sort()).toEqual(['beach.png', 'holiday.jpg'])
})
