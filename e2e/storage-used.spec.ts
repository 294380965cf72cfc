import { formatSize } from '../renderer/src/lib/format.ts'
import { addAccount, expect, expectIndexSettled, openWithSmallTree, ref, test } from './fixtures.ts'
import { hostFiles } from './index-helpers.ts'
import { dropAndLand } from './upload-helpers.ts'

test('storage used, which the host does not report, is the sum of the account’s files, counted by Filedock (issue 23, item 9)', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithSmallTree(page, host, sandbox)
  await expectIndexSettled(host.dataDir, 0)
  const used = page.getByRole('definition').filter({ has: page.getByText('Counted by Filedock') })
  const sum = async () => (await hostFiles(ref(sandbox))).reduce((s, f) => s + f.size, 0)

  await page.getByRole('button', { name: 'Dashboard' }).click()
  await expect(used).toHaveText(`${formatSize(await sum())}Counted by Filedock`)

  // An upload through the app counts at once: the host's storage_used stays null.
  await page.getByRole('button', { name: 'All files' }).click()
  await dropAndLand(page, [{ name: 'big.bin', size: 3_200_000 }])
  await page.getByRole('button', { name: 'Dashboard' }).click()
  const after = await sum()
  expect(after).toBeGreaterThan(3_200_000)
  await expect(used).toHaveText(`${formatSize(after)}Counted by Filedock`)
})

test('where the host says only what is left, the storage bar is drawn from the count and says so (issue 23, item 9)', async ({
  page,
  host,
  sandbox,
}) => {
  const quota = 10_000_000
  const limited = await sandbox.createAccount('limited@sandbox.local', { quotaBytes: quota })
  await page.goto(host.url)
  await addAccount(page, { label: 'Limited', baseUrl: sandbox.baseUrl, apiKey: limited.apiKey })
  await expect(page.getByText('This folder is empty')).toBeVisible()
  await dropAndLand(page, [{ name: 'part.bin', size: 3_200_000 }])

  await page.getByRole('button', { name: 'Dashboard' }).click()
  // used (the index's sum) + left (the host's figure) = the quota: the bar is a third full.
  const used = (await hostFiles({ baseUrl: sandbox.baseUrl, apiKey: limited.apiKey })).reduce(
    (s, f) => s + f.size,
    0,
  )
  expect(used).toBe(3_200_000)
  await expect(
    page.getByText(`${formatSize(used)} of ${formatSize(quota)} used, counted by Filedock`),
  ).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Storage used' })).toHaveAttribute('aria-valuenow', '32')
})
