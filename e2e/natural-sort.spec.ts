import type { Page } from '@playwright/test'
import { createFolder, upload } from '../sandbox/testing/api-calls.ts'
import { expect, openWithAccount, ref, test } from './fixtures.ts'
import { header, paneRows } from './index-helpers.ts'

/** The names of the rows the pane has drawn, top to bottom (folders and files). */
async function shownNames(page: Page): Promise<string[]> {
  return paneRows(page, '[data-code]').evaluateAll((rows) =>
    rows
      .map((r) => ({
        name: r.querySelector('.file-name span[title]')?.getAttribute('title') ?? '',
        index: Number(r.getAttribute('aria-rowindex')),
      }))
      .sort((a, b) => a.index - b.index)
      .map((r) => r.name),
  )
}

const FILES = ['report_192.txt', 'report_2.txt', 'Report_10.txt', 'report_1.txt']
const FOLDERS = ['Q10', 'Q2', 'Q1']
const FILES_AS_PEOPLE_COUNT = ['report_1.txt', 'report_2.txt', 'Report_10.txt', 'report_192.txt']
const FOLDERS_AS_PEOPLE_COUNT = ['Q1', 'Q2', 'Q10']

test('names sort as people count, report_2 before report_192, in the list, the tree and All files (issue 23, item 16)', async ({
  page,
  host,
  sandbox,
}) => {
  for (const name of FOLDERS) await createFolder(ref(sandbox), name)
  for (const name of FILES) await upload(ref(sandbox), name, `${name}\n`)
  await openWithAccount(page, host, sandbox)

  // The open folder, by name A to Z (the default), then Z to A: its folders first, then its files.
  await expect.poll(() => shownNames(page)).toEqual([...FOLDERS_AS_PEOPLE_COUNT, ...FILES_AS_PEOPLE_COUNT])
  await header(page, 'Name').click()
  await expect
    .poll(() => shownNames(page))
    .toEqual([...FOLDERS_AS_PEOPLE_COUNT].reverse().concat([...FILES_AS_PEOPLE_COUNT].reverse()))

  // The folder tree beside it.
  const tree = page.getByRole('tree', { name: 'Folders' })
  const below = tree.getByRole('treeitem').filter({ hasText: /^Q\d+$/ })
  await expect(below).toHaveText(FOLDERS_AS_PEOPLE_COUNT)

  // Every file of the account, from the index, by name A to Z.
  await page.getByRole('button', { name: 'All files' }).click()
  await header(page, 'Name').click()
  await expect.poll(() => shownNames(page)).toEqual(FILES_AS_PEOPLE_COUNT)
})
