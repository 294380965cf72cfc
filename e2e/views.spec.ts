import { apiGet, deleteFile, seedSmallTree, upload } from '../sandbox/testing/api-calls.ts'
import { addAccount, expect, openWithAccount, openWithSmallTree, ref, test } from './fixtures.ts'

test('deleted files view lists a file deleted on the host', async ({ page, host, sandbox }) => {
  const seeded = await seedSmallTree(ref(sandbox))
  const code = seeded.files['holiday.jpg'] as string
  await deleteFile(ref(sandbox), code)
  await openWithAccount(page, host, sandbox)
  await page.getByRole('button', { name: 'Deleted files' }).click()
  const table = page.getByRole('table', { name: 'Deleted files' })
  const row = table.getByRole('row').filter({ hasText: 'holiday.jpg' })
  await expect(row).toContainText(code)
  await expect(row).toContainText(/now|second|minute/)
})

test('dashboard shows the account email and statistics', async ({ page, host, sandbox }) => {
  await openWithSmallTree(page, host, sandbox)
  await page.getByRole('button', { name: 'Dashboard' }).click()
  const cards = page.getByRole('definition')
  await expect(cards.filter({ hasText: 'demo@sandbox.local' })).toBeVisible()
  // The sandbox's default account has no quota: storage_left is `inf`.
  await expect(cards.filter({ hasText: 'Unlimited' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Downloads and views per day' })).toBeVisible()
  const stats = page.getByRole('table', { name: 'Statistics per day' })
  await expect(stats.getByRole('row')).not.toHaveCount(0)
  await expect(stats.getByRole('columnheader', { name: 'Downloads' })).toBeVisible()
})

test('a host that stops answering shows the offline banner; Retry recovers', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  // The tree lists its folders apart from the grid's files: the host stops answering only once it has, or the
  // tree's own listing is what fails and there is no Photos to click.
  const photos = page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: 'Photos' })
  await expect(photos).toBeVisible()
  sandbox.setFaults({ dropRate: 1 })
  await photos.click()
  const banner = page.getByRole('alert').filter({ hasText: 'Offline' })
  await expect(banner).toBeVisible({ timeout: 30_000 })

  sandbox.setFaults({ dropRate: 0 })
  await banner
    .getByRole('button', { name: 'Retry' })
    .click({ timeout: 10_000 })
    .catch(async (error: unknown) => {
      // Any call that succeeds ends the offline state, so the banner may clear on its own before the click.
      if ((await banner.count()) !== 0) throw error
    })
  await expect(banner).toHaveCount(0)
  await expect(
    page.getByRole('grid', { name: 'Files' }).getByRole('row').filter({ hasText: 'beach.png' }),
  ).toBeVisible()
})

test('dashboard: every day of the chosen range, as the host returns it, and totals across all accounts', async ({
  page,
  host,
  sandbox,
}) => {
  const first = ref(sandbox)
  const secondKey = (await sandbox.createAccount('second@sandbox.local')).apiKey
  const second = { baseUrl: sandbox.baseUrl, apiKey: secondKey }
  // Views are counted by the host when a file's page is opened: 3 on the first account, 2 on the second.
  const a = await upload(first, 'a.txt', 'first account')
  const b = await upload(second, 'b.txt', 'second account')
  for (const code of [a, a, a, b, b]) await fetch(`${sandbox.baseUrl}/${code}`)

  await openWithAccount(page, host, sandbox)
  await page.getByRole('button', { name: 'Accounts' }).click()
  await page.getByRole('dialog', { name: 'Accounts' }).getByRole('button', { name: 'Add account' }).click()
  await addAccount(page, { label: 'Second', ...second })
  const dialog = page.getByRole('dialog', { name: 'Accounts' })
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Second' }).getByText('Active')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Switch account' })).toContainText('Second')
  await page.getByRole('button', { name: 'Dashboard' }).click()

  const days = page.getByRole('table', { name: 'Statistics per day' }).locator('tbody tr')
  const range = page.getByRole('group', { name: 'Statistics range' })
  for (const [label, last] of [
    ['7 days', 7],
    ['30 days', 30],
    ['All', 365],
  ] as const) {
    await range.getByRole('button', { name: label }).click()
    await expect(range.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true')
    // The days the host returns for that range, in its order (oldest first), the last one today; All from the
    // account's first activity on (a year of zeros before it says nothing).
    const hostDays = await apiGet<{ day: string; views: string }[]>(second, 'account/stats', { last })
    expect(hostDays.length).toBe(last)
    const shown = label === 'All' ? hostDays.slice(hostDays.findIndex((d) => Number(d.views) > 0)) : hostDays
    expect(shown.length).toBeGreaterThan(0)
    await expect(days).toHaveCount(shown.length)
  }

  const all = page.getByRole('table', { name: 'All accounts' })
  await expect(all.getByRole('row', { name: /^Sandbox/ })).toContainText('3')
  await expect(all.getByRole('row', { name: /^Second/ })).toContainText('2')
  const sum = async (sb: { baseUrl: string; apiKey: string }) =>
    (await apiGet<{ views: string }[]>(sb, 'account/stats', { last: 365 })).reduce(
      (n, r) => n + Number(r.views),
      0,
    )
  const expected = (await sum(first)) + (await sum(second))
  expect(expected).toBe(5)
  const footer = all.locator('tfoot tr')
  await expect(footer.locator('td').nth(1)).toHaveText(String(expected))
  // The sandbox's accounts have premium for a year and no storage figure: no warning, no bar.
  await expect(page.getByText(/Premium on .* ends/)).toHaveCount(0)
  await expect(page.getByRole('progressbar', { name: 'Storage used' })).toHaveCount(0)
})
