import { listFiles, upload } from '../sandbox/testing/api-calls.ts'
import { expect, fileRow, openWithAccount, ref, savedSetting, test } from './fixtures.ts'

async function openPreferences(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click()
  return page.getByRole('region', { name: 'Preferences' })
}

test('a clone gets "name (copy).ext", then "(copy 2)"; with the setting it keeps the name', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  await upload(sb, 'report.pdf', 'quarterly numbers\n')
  await openWithAccount(page, host, sandbox)
  const names = async () => (await listFiles(sb)).map((f) => f.name).sort()

  for (const expected of ['report (copy).pdf', 'report (copy 2).pdf']) {
    await fileRow(page, 'report.pdf').first().click({ button: 'right' })
    await page.getByRole('menuitem', { name: /^Clone/ }).click()
    await expect(fileRow(page, expected)).toBeVisible()
  }
  expect(await names()).toEqual(['report (copy 2).pdf', 'report (copy).pdf', 'report.pdf'])

  const prefs = await openPreferences(page)
  await prefs.getByLabel('Keep the original name').check()
  await page.keyboard.press('Escape')
  await expect.poll(() => savedSetting(host.dataDir, 'cloneNames')).toBe('same')
  await fileRow(page, 'report.pdf').first().click({ button: 'right' })
  await page.getByRole('menuitem', { name: /^Clone/ }).click()
  await expect.poll(names).toEqual(['report (copy 2).pdf', 'report (copy).pdf', 'report.pdf', 'report.pdf'])
})

test('one unit system: decimal by default, binary on request, the same everywhere, and it persists', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  await upload(sb, 'sample.bin', 'x'.repeat(100_000))
  expect((await listFiles(sb))[0]).toMatchObject({ name: 'sample.bin' })
  await openWithAccount(page, host, sandbox)
  const row = fileRow(page, 'sample.bin')
  await expect(row).toContainText('100 KB')

  const prefs = await openPreferences(page)
  await prefs.getByLabel(/^Binary/).check()
  await page.keyboard.press('Escape')
  await expect(row).toContainText('97.7 KiB')
  // No size anywhere in the window is left in the other unit.
  await expect(page.getByRole('main')).not.toContainText(/\d KB\b/)
  await expect.poll(() => savedSetting(host.dataDir, 'sizeUnits')).toBe('binary')

  // The speed limit is typed in the unit speeds are shown in.
  await page.getByRole('button', { name: 'Upload…' }).click()
  await page.getByRole('menuitem', { name: 'Queue and settings…' }).click()
  await expect(page.getByLabel('Speed limit (KiB/s)')).toBeVisible()

  // A second window reads the saved unit, and a change there reaches the first one too.
  const second = await page.context().newPage()
  await second.goto(host.url)
  await expect(fileRow(second, 'sample.bin')).toContainText('97.7 KiB')
  const again = await openPreferences(second)
  await again.getByLabel(/^Decimal/).check()
  await second.keyboard.press('Escape')
  await expect(fileRow(second, 'sample.bin')).toContainText('100 KB')
  await expect(row).toContainText('100 KB')
})
