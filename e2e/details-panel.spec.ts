import type { Page } from '@playwright/test'
import { formatHostTime } from '../renderer/src/lib/dates.ts'
import { formatSize } from '../renderer/src/lib/format.ts'
import { apiGet, type SandboxRef } from '../sandbox/testing/api-calls.ts'
import { expect, fileRow, openWithSmallTree, ref, test } from './fixtures.ts'
import { grid, hostFiles } from './index-helpers.ts'

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

interface HostInfo {
  filecode: string
  name: string
  size: number | string
  uploaded: string
  downloads: number | string
}

const panel = (page: Page) => page.getByRole('complementary', { name: 'Details' })
const shown = (page: Page, field: string) => panel(page).getByTestId(`details-${field}`)
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())
const bytes = (n: number) => `${n.toLocaleString('en-US')} bytes`

/** Downloads the file through a direct link, the way a visitor would: the host counts each one. */
async function download(sb: SandboxRef, fileCode: string): Promise<void> {
  const link = await apiGet<{ url: string }>(sb, 'file/direct_link', { file_code: fileCode })
  const res = await fetch(link.url)
  await res.arrayBuffer()
  expect(res.ok).toBe(true)
}

test('details of one file equal the host’s file info; the direct link is fetched on demand and copied', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  const seeded = await openWithSmallTree(page, host, sandbox)
  const code = seeded.files['report-2024.pdf'] as string
  // Downloads counted after the index was filled: only a fresh look at the host can show them.
  await download(sb, code)
  await download(sb, code)
  const [info] = await apiGet<HostInfo[]>(sb, 'file/info', { file_code: code })
  if (!info) throw new Error('the host has no info for the file')
  expect(Number(info.downloads)).toBe(2)
  const listed = (await hostFiles(sb, 0)).find((f) => f.file_code === code)

  await fileRow(page, 'report-2024.pdf').click()
  await page.keyboard.press('Alt+Enter')
  await expect(panel(page)).toBeVisible()
  // The grid did not also take Alt+Enter as Enter (that would open the file's page in a new window).
  expect(page.context().pages()).toHaveLength(1)
  await expect(shown(page, 'downloads')).toHaveText('2')
  await expect(shown(page, 'name')).toHaveText(info.name)
  await expect(shown(page, 'code')).toHaveText(code)
  await expect(shown(page, 'size')).toHaveText(formatSize(Number(info.size)))
  await expect(shown(page, 'bytes')).toHaveText(bytes(Number(info.size)))
  expect(Number(info.size)).toBe(listed?.size)
  await expect(shown(page, 'uploaded')).toHaveText(formatHostTime(info.uploaded))
  await expect(shown(page, 'public')).toHaveText('Yes')
  await expect(shown(page, 'folder')).toHaveText('My files')
  await expect(shown(page, 'page-link')).toContainText(`${sandbox.baseUrl}/${code}`)

  await panel(page).getByRole('button', { name: 'Copy page link' }).click()
  await expect(page.getByText('Copied page link')).toBeVisible()
  expect(await clipboard(page)).toBe(`${sandbox.baseUrl}/${code}`)

  // The direct link is asked for only on request, then copied; it really downloads the file.
  await panel(page).getByRole('button', { name: 'Show direct link' }).click()
  await panel(page).getByRole('button', { name: 'Copy direct link' }).click()
  await expect(page.getByText('Copied direct link')).toBeVisible()
  const direct = await clipboard(page)
  await expect(shown(page, 'direct-link')).toContainText(direct)
  const body = await (await fetch(direct)).text()
  expect(body).toBe('content of report-2024.pdf\n'.repeat(40))

  // An image the host gives a thumbnail for shows it; a file without one shows none.
  const listing = await apiGet<{ files: Array<{ name: string; thumbnail: string | null }> }>(
    sb,
    'file/list',
    {
      fld_id: 0,
    },
  )
  const thumbnail = listing.files.find((f) => f.name === 'holiday.jpg')?.thumbnail
  expect(thumbnail).toBe(`${sandbox.baseUrl}/thumb/${seeded.files['holiday.jpg']}`)
  await expect(panel(page).getByRole('img')).toHaveCount(0)
  await fileRow(page, 'holiday.jpg').click()
  await expect(panel(page).getByRole('img', { name: 'Preview of holiday.jpg' })).toHaveAttribute(
    'src',
    thumbnail as string,
  )

  // A file in a folder says where it is; Ctrl+I closes the panel and opens it again.
  await page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: 'Documents' }).click()
  await fileRow(page, 'contract.docx').click()
  await expect(shown(page, 'folder')).toHaveText('My files/Documents')
  await expect(shown(page, 'name')).toHaveText('contract.docx')
  await page.keyboard.press('Control+i')
  await expect(panel(page)).toHaveCount(0)
  await page.keyboard.press('Control+i')
  await expect(shown(page, 'name')).toHaveText('contract.docx')
  await page.getByRole('button', { name: 'Details', exact: true, pressed: true }).click()
  await expect(panel(page)).toHaveCount(0)
})

test('when the host cannot be asked the panel says so, keeps the indexed figures and retries', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  const seeded = await openWithSmallTree(page, host, sandbox)
  await page.getByRole('button', { name: 'Details', exact: true }).click()
  await expect(panel(page)).toContainText('Select a file to see its details.')

  sandbox.setFaults({ errorRate: 1 })
  await fileRow(page, 'notes.txt').click()
  const failure = panel(page).getByRole('alert')
  await expect(failure).toContainText('Could not get the host’s figures', { timeout: 30_000 })
  await expect(shown(page, 'name')).toHaveText('notes.txt')
  sandbox.setFaults({ errorRate: 0 })
  await apiGet(sb, 'file/rename', { file_code: seeded.files['notes.txt'] as string, name: 'renamed.txt' })
  await failure.getByRole('button', { name: 'Retry' }).click()
  // The host's own record wins over the index's once it answers.
  await expect(shown(page, 'name')).toHaveText('renamed.txt')
  await expect(panel(page).getByRole('alert')).toHaveCount(0)
})

test('a selection shows its count and total size, for picked files and for Ctrl+A', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  await openWithSmallTree(page, host, sandbox)
  const root = await hostFiles(sb, 0)
  const size = (name: string) => root.find((f) => f.name === name)?.size ?? Number.NaN

  await fileRow(page, 'holiday.jpg').click()
  await fileRow(page, 'notes.txt').click({ modifiers: ['Control'] })
  await page.keyboard.press('Control+i')
  const two = size('holiday.jpg') + size('notes.txt')
  await expect(shown(page, 'count')).toHaveText('2 files')
  await expect(shown(page, 'size')).toHaveText(formatSize(two))
  await expect(shown(page, 'bytes')).toHaveText(bytes(two))

  await grid(page).focus()
  await page.keyboard.press('Control+a')
  // Ctrl+A counts the whole result in main: the root's three files, its folders not included.
  const all = root.reduce((n, f) => n + f.size, 0)
  await expect(shown(page, 'count')).toHaveText('3 files')
  await expect(shown(page, 'size')).toHaveText(formatSize(all))
  await expect(shown(page, 'bytes')).toHaveText(bytes(all))
  await expect(page.getByTestId('status-selection')).toContainText('3 selected')
})
