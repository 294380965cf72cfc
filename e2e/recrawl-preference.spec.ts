import fs from 'node:fs/promises'
import path from 'node:path'
import { listFiles, upload } from '../sandbox/testing/api-calls.ts'
import { expect, openWithAccount, ref, test } from './fixtures.ts'

/** The saved choice; undefined until the settings file is first written (a poll must not fail on that). */
async function savedRecrawl(dataDir: string): Promise<unknown> {
  const text = await fs.readFile(path.join(dataDir, 'settings.json'), 'utf8').catch(() => null)
  return text === null ? undefined : JSON.parse(text).recrawlHours
}

test('the background re-read of all files is a preference: every 6 hours by default, off or hourly on request, kept', async ({
  page,
  host,
  sandbox,
}) => {
  await upload(ref(sandbox), 'kept.txt', 'kept\n')
  await openWithAccount(page, host, sandbox)
  const open = async (p: typeof page) => {
    await p.getByRole('button', { name: 'Accounts' }).click()
    return p.getByRole('region', { name: 'Preferences' }).getByRole('group', {
      name: 'Re-read all files from the host in the background',
    })
  }
  const choice = await open(page)
  await expect(choice.getByLabel('Every 6 hours')).toBeChecked()

  await choice.getByLabel('Off: a folder is re-read when you open it').check()
  await expect.poll(() => savedRecrawl(host.dataDir)).toBeNull()
  // A second window shows the same choice, and a reload keeps it.
  const second = await page.context().newPage()
  await second.goto(host.url)
  await expect((await open(second)).getByLabel('Off: a folder is re-read when you open it')).toBeChecked()
  await second.close()

  await choice.getByLabel('Every hour').check()
  await expect.poll(() => savedRecrawl(host.dataDir)).toBe(1)
  await page.reload()
  await expect((await open(page)).getByLabel('Every hour')).toBeChecked()
  // A preference of this computer: the host's files are as they were.
  expect((await listFiles(ref(sandbox))).map((f) => f.name)).toEqual(['kept.txt'])
})
