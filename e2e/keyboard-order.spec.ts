import { listFiles } from '../sandbox/testing/api-calls.ts'
import { expect, fileRow, openWithSmallTree, ref, test } from './fixtures.ts'
import { grid, header } from './index-helpers.ts'

/** What has the keyboard: its role and name, as a person hears it ("searchbox Search files by name"). */
const focused = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null
    if (!el || el === document.body) return 'body'
    const role = el.getAttribute('role') ?? el.tagName.toLowerCase()
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''
    return `${role} ${name}`
  })

test('Tab follows the screen: the toolbar, then the sidebar’s tree, then the column headers, then the rows', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  await expect(fileRow(page, 'report-2024.pdf')).toBeVisible()
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  const stops: string[] = []
  for (let i = 0; i < 40 && !stops.includes('grid Files'); i++) {
    await page.keyboard.press('Tab')
    stops.push(await focused(page))
  }
  const at = (stop: string) => {
    const i = stops.findIndex((s) => s.startsWith(stop))
    expect(i, `${stop} in ${stops.join(' | ')}`).toBeGreaterThanOrEqual(0)
    return i
  }
  expect(at('input Search files by name')).toBeLessThan(at('button Upload…'))
  expect(at('button Upload…')).toBeLessThan(at('treeitem'))
  expect(at('treeitem')).toBeLessThan(at('button Name'))
  expect(at('button Name')).toBeLessThan(at('button Downloads'))
  expect(at('button Downloads')).toBeLessThan(at('grid Files'))
  // And back: from the rows to the last header.
  await page.keyboard.press('Shift+Tab')
  await expect(header(page, 'Downloads').getByRole('button')).toBeFocused()
})

test('Backspace leaves the cursor on the folder just left; Esc in the search box clears it and returns to the list', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  await fileRow(page, 'Photos').dblclick()
  await expect(fileRow(page, 'beach.png')).toBeVisible()
  await grid(page).focus()
  await page.keyboard.press('Backspace')
  await expect(fileRow(page, 'Photos')).toHaveAttribute('data-focused', 'true')
  await expect(fileRow(page, 'Photos')).toHaveAttribute('aria-selected', 'true')
  await expect(grid(page)).toBeFocused()
  // Enter goes straight back down.
  await page.keyboard.press('Enter')
  await expect(fileRow(page, 'beach.png')).toBeVisible()

  const search = page.getByLabel('Search files by name')
  await search.fill('beach')
  await expect(grid(page).getByRole('row').filter({ hasText: 'beach.png' })).toBeVisible()
  await search.press('Escape')
  await expect(search).toHaveValue('')
  await expect(grid(page)).toBeFocused()
})

test('Enter on a folder of the Move dialog’s tree moves there', async ({ page, host, sandbox }) => {
  const seeded = await openWithSmallTree(page, host, sandbox)
  await fileRow(page, 'notes.txt').click({ button: 'right' })
  await page.getByRole('menuitem', { name: /Move to folder/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Move to folder' })
  await dialog.getByRole('treeitem', { name: 'Documents' }).focus()
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('Moved 1 file to Documents')).toBeVisible()
  expect((await listFiles(ref(sandbox), { fld_id: seeded.folders.documents })).map((f) => f.name)).toContain(
    'notes.txt',
  )
})
