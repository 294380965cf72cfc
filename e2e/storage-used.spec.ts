import { formatSize } from '../renderer/src/lib/format.ts'
import { expect, expectIndexSettled, openWithSmallTree, ref, test } from './fixtures.ts'
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
