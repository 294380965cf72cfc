import path from 'node:path'
import { deleteFile, seedSmallTree, upload } from '../sandbox/testing/api-calls.ts'
import { expect, openWithAccount, ref, test } from './fixtures.ts'
import { expectFileCount, paneRows } from './index-helpers.ts'
import { setLanguage } from './language-helpers.ts'
import { clearToasts, shotPath } from './layout-helpers.ts'
import { dragFiles, hostFileNames, hostFolder } from './upload-helpers.ts'

// Enough seeded files for a handful of folders, one of them nested.
test.use({ seedFiles: 12_000 })

// Always taken (it is a check that a busy window renders); docs/screenshot.png is only rewritten on request,
// so a test run leaves the work tree clean.
test('screenshot of the main window with files', async ({ page, context, host, sandbox }, info) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const sb = ref(sandbox)
  await openWithAccount(page, host, sandbox)
  await clearToasts(page)
  const tree = page.getByRole('tree', { name: 'Folders' })
  await tree.getByRole('treeitem', { name: 'Documents 03' }).click()
  await expect(tree.getByRole('treeitem', { name: 'Music 04' })).toBeVisible()
  // Rows still arriving from the account index would move under the clicks: select once the pane shows every
  // file of the folder (the rows follow the crawl's end a moment later).
  await expect(page.getByText(/^Indexing /)).toHaveCount(0, { timeout: 60_000 })
  await expectFileCount(page, (await hostFileNames(sb, await hostFolder(sb, 'Documents 03'))).length)
  await paneRows(page).nth(2).click()
  await paneRows(page)
    .nth(4)
    .click({ modifiers: ['Control'] })
  await paneRows(page)
    .nth(5)
    .click({ modifiers: ['Control'] })
  await expect(page.getByTestId('status-selection')).toContainText('3 selected')
  await page.keyboard.press('Control+c')
  await expect(page.getByText('Copied 3 links')).toBeVisible()
  const target = process.env.FILEDOCK_SCREENSHOT
    ? path.join(import.meta.dirname, '../docs/screenshot.png')
    : info.outputPath('screenshot.png')
  await page.screenshot({ path: target })
})

/**
 * Waits for the page's transitions and animations to end: buttons fade their colours when the scheme changes,
 * and a picture taken at once catches them half way (light buttons on a dark dialog). Endless ones (a spinner)
 * are not waited for.
 */
async function settled(page: import('@playwright/test').Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
}

test('screenshots of every main view, light and dark', async ({ page, context, host, sandbox }, info) => {
  test.setTimeout(120_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const sb = ref(sandbox)
  const seeded = await seedSmallTree(sb)
  for (const code of Object.values(seeded.files).slice(0, 3)) await fetch(`${sb.baseUrl}/${code}`)
  await deleteFile(sb, seeded.files['holiday.jpg'] as string)
  await openWithAccount(page, host, sandbox)
  await dragFiles(page, [
    { name: 'minutes-2026-11.txt', text: 'minutes' },
    { name: 'budget.xlsx', size: 48_000 },
    { name: 'site-photo.jpg', size: 1_200_000 },
  ])
  await expect(page.getByRole('dialog', { name: 'Upload finished' })).toBeVisible({ timeout: 30_000 })

  const views: [string, () => Promise<void>][] = [
    ['upload-finished', async () => undefined],
    [
      'files',
      async () => {
        await page
          .getByRole('dialog', { name: 'Upload finished' })
          .getByRole('button', { name: 'Close' })
          .click()
        await page
          .getByRole('region', { name: 'Transfers' })
          .getByRole('button', { name: /^Transfers/ })
          .click()
        await page
          .getByRole('tree', { name: 'Folders' })
          .getByRole('treeitem', { name: 'Documents', exact: true })
          .click()
        await expect(page.getByRole('grid', { name: 'Files' }).getByRole('row').nth(1)).toBeVisible()
      },
    ],
    [
      'dashboard',
      async () => {
        await page.getByRole('button', { name: 'Dashboard' }).click()
        await expect(page.getByRole('img', { name: 'Downloads and views per day' })).toBeVisible()
        await expect(page.getByRole('status', { name: /^Loading/ })).toHaveCount(0)
      },
    ],
    [
      'history',
      async () => {
        await page.getByRole('button', { name: 'Upload history' }).click()
        await expect(page.getByRole('list', { name: 'Upload history' })).toContainText('site-photo.jpg')
      },
    ],
    [
      'link-checker',
      async () => {
        await page.getByRole('button', { name: 'Link checker' }).click()
        const links = Object.values(seeded.files).map((code) => `${sb.baseUrl}/${code}`)
        await page.getByLabel('Paste links, or any text with links in it').fill(links.join('\n'))
        await page.getByRole('button', { name: 'Check links' }).click()
        await expect(page.getByTestId('link-check-summary')).toHaveText('5 live links · 1 not found')
      },
    ],
    [
      'deleted',
      async () => {
        await page.getByRole('button', { name: 'Deleted files' }).click()
        await expect(page.getByRole('table', { name: 'Deleted files' })).toContainText('holiday.jpg')
      },
    ],
    [
      'accounts',
      async () => {
        await page.getByRole('button', { name: 'Accounts' }).click()
        await expect(page.getByRole('list', { name: 'Accounts' })).toBeVisible()
      },
    ],
    [
      'settings',
      async () => {
        await page.keyboard.press('Escape')
        await page.getByRole('button', { name: 'Settings', exact: true }).click()
        await expect(page.getByRole('region', { name: 'Preferences' })).toBeVisible()
      },
    ],
  ]
  for (const [name, show] of views) {
    await show()
    await clearToasts(page)
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      await settled(page)
      await page.screenshot({ path: shotPath(info, `${name}-${colorScheme}.png`) })
    }
    await page.emulateMedia({ colorScheme: 'light' })
  }
})

test.describe('Arabic', () => {
  // Only the small tree and the Arabic names: the files the user sees first are theirs.
  test.use({ seedFiles: 0 })

  test('screenshot of the main window in Arabic: laid out right to left', async ({
    page,
    host,
    sandbox,
  }, info) => {
    const sb = ref(sandbox)
    await seedSmallTree(sb)
    // Files named in Arabic, as an Arabic-speaking user's are.
    for (const name of ['تقرير الربع الثالث.pdf', 'صور الرحلة.zip', 'ملاحظات الاجتماع.txt'])
      await upload(sb, name, `${name}\n`)
    await openWithAccount(page, host, sandbox)
    await setLanguage(page, 'ar', 'ar')
    // As the window comes up in Arabic (after a restart): rows drawn before the change keep their dates and
    // numbers until they are drawn again.
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    const files = page.getByRole('grid')
    await expect(files.getByText('ملاحظات الاجتماع.txt')).toBeVisible()
    await files.getByText('ملاحظات الاجتماع.txt').click()
    await clearToasts(page)
    await settled(page)

    // Mirrored: the sidebar right of the file list, the list's first column (the names) at its right edge.
    const sidebar = await page.locator('aside.sidebar').boundingBox()
    const list = await files.boundingBox()
    const nameHeader = await files.getByRole('columnheader').first().boundingBox()
    if (!sidebar || !list || !nameHeader) throw new Error('the window is not laid out')
    expect(sidebar.x).toBeGreaterThanOrEqual(list.x + list.width - 1)
    expect(nameHeader.x + nameHeader.width).toBeGreaterThan(list.x + list.width / 2)
    // Text starts at the right: a sidebar entry's label ends near the entry's right edge.
    const entry = page.locator('aside.sidebar .nav-item').first()
    const [box, label] = await entry.evaluate((el) => {
      const range = document.createRange()
      range.selectNodeContents(el)
      const text = [...range.getClientRects()].reduce((r, b) => Math.max(r, b.right), 0)
      const { right } = el.getBoundingClientRect()
      return [right, text]
    })
    expect(box - label).toBeLessThan(40)
    // A size reads "36 B" as everywhere, its unit after the number: not "B 36", as a right-to-left line orders it.
    const size = files
      .getByRole('row')
      .filter({ hasText: 'ملاحظات الاجتماع.txt' })
      .getByRole('gridcell')
      .nth(1)
    await expect(size).toHaveText(/^\d+ B$/)
    const [digit, unit] = await size.evaluate((el) => {
      const text = el.firstChild as Text
      const at = (i: number) => {
        const range = document.createRange()
        range.setStart(text, i)
        range.setEnd(text, i + 1)
        return range.getBoundingClientRect().x
      }
      return [at(0), at(text.length - 1)]
    })
    expect(unit).toBeGreaterThan(digit)

    await page.screenshot({ path: shotPath(info, 'arabic-rtl.png') })
  })
})
