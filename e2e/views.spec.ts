import { expect, openWithAccount, ref, test } from './fixtures.ts'
import { deleteFile, seedSmallTree } from './sandbox-api.ts'

test('deleted files view lists a file deleted on the host', async ({ page, host, sandbox }) => {
  const seeded = await seedSmallTree(ref(sandbox))
  const code = seeded.files['holiday.jpg'] as string
  await deleteFile(ref(sandbox), code)
  await openWithAccount(page, host, sandbox)
  await page.getByRole('button', { name: 'Deleted files' }).click()
  const table = page.getByRole('table', { name: 'Deleted files' })
  const row = table.getByRole('row').filter({ hasText: 'holiday.jpg' })
  await expect(row).toContainText(code)
  await expect(row).toContainText(/just now|second|minute/)
})

test('dashboard shows the account email and statistics', async ({ page, host, sandbox }) => {
  await seedSmallTree(ref(sandbox))
  await openWithAccount(page, host, sandbox)
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
  await seedSmallTree(ref(sandbox))
  await openWithAccount(page, host, sandbox)
  sandbox.setFaults({ dropRate: 1 })
  await page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: 'Photos' }).click()
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
