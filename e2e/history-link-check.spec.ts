import { deleteFile, listFiles } from '../sandbox/testing/api-calls.ts'
import { expect, openWithAccount, ref, test } from './fixtures.ts'
import { dropAndLand, openHistory } from './upload-helpers.ts'

test('an upload batch in the history checks just its own links; its entries say when they were last found alive', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  await openWithAccount(page, host, sandbox)
  // Two drops, two batches.
  await dropAndLand(page, [
    { name: 'older-keep.txt', text: 'first drop, stays' },
    { name: 'older-gone.txt', text: 'first drop, deleted on the host' },
  ])
  await dropAndLand(page, [{ name: 'newer.txt', text: 'second drop' }])

  const gone = (await listFiles(sb)).find((f) => f.name === 'older-gone.txt')
  await deleteFile(sb, gone?.file_code as string)
  expect((await listFiles(sb)).map((f) => f.name).sort()).toEqual(['newer.txt', 'older-keep.txt'])

  const history = await openHistory(page)
  const entry = (name: string) => history.getByRole('listitem', { name, exact: true })
  const batches = history.getByRole('listitem', { name: /^Upload of / })
  // Newest first: the second drop's heading, its file, then the first drop's heading over its two files.
  await expect(batches).toHaveCount(2)
  await expect(batches.nth(0)).toContainText('1 file')
  await expect(batches.nth(1)).toContainText('2 files')
  for (const name of ['older-keep.txt', 'older-gone.txt', 'newer.txt'])
    await expect(entry(name)).toContainText('Not checked')

  // Twice: a repeated check only refreshes the answers, and never touches the other batch.
  for (let round = 0; round < 2; round++) {
    await batches
      .nth(1)
      .getByRole('button', { name: /^Check the links of the upload of / })
      .click()
    await expect(page.getByText('Checked 2 links, 1 link gone').last()).toBeVisible()
    await expect(entry('older-keep.txt')).toContainText(/Last found alive \S/)
    await expect(entry('older-gone.txt')).toContainText(/Gone · checked \S/)
    await expect(entry('newer.txt')).toContainText('Not checked')
  }

  // The answers are main's, kept with the history: a reload shows them again.
  await page.reload()
  await openHistory(page)
  await expect(entry('older-keep.txt')).toContainText('Last found alive')
  await expect(entry('newer.txt')).toContainText('Not checked')
  await batches
    .nth(0)
    .getByRole('button', { name: /^Check the links of the upload of / })
    .click()
  await expect(page.getByText('Checked 1 link: all alive')).toBeVisible()
  await expect(entry('newer.txt')).toContainText('Last found alive')

  // Deleted on the host after that check: the next check finds it gone and still says when it was last alive.
  const newer = (await listFiles(sb)).find((f) => f.name === 'newer.txt')
  await deleteFile(sb, newer?.file_code as string)
  await batches
    .nth(0)
    .getByRole('button', { name: /^Check the links of the upload of / })
    .click()
  await expect(page.getByText('Checked 1 link, 1 link gone')).toBeVisible()
  await expect(entry('newer.txt')).toContainText(/Gone · last found alive \S/)
  await expect(entry('older-gone.txt')).toContainText(/Gone · checked \S/)
})
