import { apiGet } from '../sandbox/testing/api-calls.ts'
import { expect, fileRow, openWithAccount, ref, test } from './fixtures.ts'
import { dropAndLand, openHistory } from './upload-helpers.ts'

// A British user: the day before the month, a 24-hour clock. Every date of the window follows this one layout.
test.use({ locale: 'en-GB', seedFiles: 20 })
const DATE_TIME = /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/
const DAY = /^\d{1,2} [A-Z][a-z]{2} \d{4}$/

interface StatsRow {
  day: string
  downloads: number | string
  views: number | string
  profit_total: number | string
}

test('one date format, the user’s locale, everywhere; the dashboard’s All starts at the first activity', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithAccount(page, host, sandbox)
  await dropAndLand(page, [{ name: 'dated.txt', text: 'when?' }])

  // The file list: the whole date, not cut off by its column.
  const uploaded = fileRow(page, 'dated.txt').getByRole('gridcell').nth(2)
  await expect(uploaded).toHaveText(DATE_TIME)
  expect(await uploaded.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  // The details of the same file, the same text.
  await fileRow(page, 'dated.txt').click()
  await page.getByRole('button', { name: 'Details' }).click()
  await expect(page.getByTestId('details-uploaded')).toHaveText(DATE_TIME)

  // The upload history: the batch's heading and the file's row.
  const history = await openHistory(page)
  await expect(history.getByRole('listitem', { name: 'dated.txt' })).toBeVisible()
  const finished =
    (await history.getByRole('listitem', { name: 'dated.txt' }).locator('.history-date').textContent()) ?? ''
  expect(finished).toMatch(DATE_TIME)
  await expect(history.getByRole('listitem', { name: `Upload of ${finished}, 1 file` })).toBeVisible()

  // The dashboard, All: from the host's first day with any activity to today, each day with its year.
  await page.getByRole('button', { name: 'Dashboard' }).click()
  await page.getByRole('group', { name: 'Statistics range' }).getByRole('button', { name: 'All' }).click()
  const table = page.getByRole('table', { name: 'Statistics per day' })
  const hostDays = (await apiGet<StatsRow[]>(ref(sandbox), 'account/stats', { last: 365 }))
    .map((r) => ({ day: r.day, active: Number(r.downloads) + Number(r.views) + Number(r.profit_total) > 0 }))
    .sort((a, b) => a.day.localeCompare(b.day))
  const first = hostDays.findIndex((d) => d.active)
  expect(first).toBeGreaterThan(0)
  const rows = table.getByRole('row')
  // A header row, then one row a day from the first activity on.
  await expect(rows).toHaveCount(1 + hostDays.length - first)
  const [y, m, d] = (hostDays[first]?.day ?? '').split('-').map(Number)
  const firstDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1),
  )
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText(firstDay)
  for (const cell of await table.locator('tbody tr td:first-child').all()) await expect(cell).toHaveText(DAY)
  // Profit: one number format, every amount with the host's five decimals.
  for (const cell of await table.locator('tbody tr td:last-child').all())
    await expect(cell).toHaveText(/^\d[\d,]*\.\d{5}$/)
})
