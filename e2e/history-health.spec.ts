import fs from 'node:fs/promises'
import { parse } from 'csv-parse/sync'
import { deleteFile, listFiles } from '../sandbox/testing/api-calls.ts'
import { expect, openWithAccount, ref, test } from './fixtures.ts'
import { dropAndLand, openHistory } from './upload-helpers.ts'

test('upload history: link health on demand (a deleted file shows gone), the schedule setting, CSV export', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  await openWithAccount(page, host, sandbox)
  await dropAndLand(page, [
    { name: 'keep, me.txt', text: 'stays on the host' },
    { name: 'doomed.txt', text: 'deleted on the host' },
  ])

  const history = await openHistory(page)
  // One drop: one batch heading over its two files.
  await expect(history.getByRole('listitem')).toHaveCount(3)
  await expect(history.getByRole('listitem', { name: 'doomed.txt' })).toContainText('Not checked')

  const doomed = (await listFiles(sb)).find((f) => f.name === 'doomed.txt')
  await deleteFile(sb, doomed?.file_code as string)
  await page.getByRole('button', { name: 'Check links' }).click()
  await expect(page.getByText('Checked 2 links, 1 link gone')).toBeVisible()
  await expect(history.getByRole('listitem', { name: 'doomed.txt' })).toContainText('Gone · checked')
  await expect(history.getByRole('listitem', { name: 'keep, me.txt' })).toContainText('Last found alive')

  // Off by default; the choice is kept (and shown again after a reload).
  const schedule = page.getByLabel('Check links automatically')
  await expect(schedule).toHaveValue('off')
  await schedule.selectOption('24')
  await page.reload()
  await openHistory(page)
  await expect(page.getByLabel('Check links automatically')).toHaveValue('24')

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^filedock-history-\d{4}-\d{2}-\d{2}\.csv$/)
  const rows = parse(await fs.readFile(await file.path(), 'utf8'), { columns: true }) as Record<
    string,
    string
  >[]
  const byName = new Map(rows.map((r) => [r.name, r]))
  expect(rows).toHaveLength(2)
  expect(byName.get('keep, me.txt')).toMatchObject({ size: '17', alive: 'yes', folder: '' })
  expect(byName.get('doomed.txt')).toMatchObject({ alive: 'no' })
  expect(byName.get('doomed.txt')?.['page link']).toBe(`${sb.baseUrl}/${doomed?.file_code}`)
  expect(byName.get('doomed.txt')?.['last check']).toMatch(/^\d{4}-\d{2}-\d{2}T/)
})
