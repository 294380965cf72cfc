import { listFiles, upload } from '../sandbox/testing/api-calls.ts'
import { expect, openWithAccount, ref, savedSetting, test } from './fixtures.ts'

test('the background re-read of all files is a preference: every 6 hours by default, off or hourly on request, kept', async ({
  page,
  host,
  sandbox,
}) => {
  await upload(ref(sandbox), 'kept.txt', 'kept\n')
  await openWithAccount(page, host, sandbox)
  const open = async (p: typeof page) => {
    await p.getByRole('button', { name: 'Settings', exact: true }).click()
    return p.getByRole('region', { name: 'Preferences' }).getByRole('group', {
      name: 'Re-read all files from the host in the background',
    })
  }
  const choice = await open(page)
  await expect(choice.getByLabel('Every 6 hours')).toBeChecked()

  await choice.getByLabel('Off: a folder is re-read when you open it').check()
  await expect.poll(() => savedSetting(host.dataDir, 'recrawlHours')).toBeNull()
  // A second window shows the same choice, and a reload keeps it.
  const second = await page.context().newPage()
  await second.goto(host.url)
  await expect((await open(second)).getByLabel('Off: a folder is re-read when you open it')).toBeChecked()
  await second.close()

  await choice.getByLabel('Every hour').check()
  await expect.poll(() => savedSetting(host.dataDir, 'recrawlHours')).toBe(1)
  await page.reload()
  await expect((await open(page)).getByLabel('Every hour')).toBeChecked()
  // A preference of this computer: the host's files are as they were.
  expect((await listFiles(ref(sandbox))).map((f) => f.name)).toEqual(['kept.txt'])
})
