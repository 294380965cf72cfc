import { listFiles } from '../sandbox/testing/api-calls.ts'
import { expect, fileRow, openWithSmallTree, ref, test } from './fixtures.ts'
import { hitsItself } from './layout-helpers.ts'
import { dragFiles, expectStatus } from './upload-helpers.ts'

test('a finished batch and its toasts cover no control: queue buttons, file menu and the Move dialog stay reachable', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  await openWithSmallTree(page, host, sandbox)
  // Enough files for a tall link pack: the card that once lay over the uploads panel.
  const dropped = Array.from({ length: 10 }, (_, i) => ({ name: `batch_${i + 1}.txt`, text: `file ${i}` }))
  await dragFiles(page, dropped)
  const card = page.getByRole('dialog', { name: 'Upload finished' })
  await expect(card.getByTestId('batch-summary')).toContainText('10 files uploaded')
  const queue = page.getByRole('region', { name: 'Transfers' })
  const toggle = queue.getByRole('button', { name: /^Transfers/ })
  // A drop opens the uploads panel by itself.
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expectStatus(page, 'batch_10.txt', 'Done')
  // Open and collapsed, the panel's buttons are where the user sees them, under nothing.
  for (const expanded of ['true', 'false']) {
    await expect(toggle).toHaveAttribute('aria-expanded', expanded)
    for (const name of ['Pause all', 'Retry failed', 'Clear finished']) {
      const button = queue.getByRole('button', { name })
      expect(await hitsItself(button), `${name} is covered (panel open: ${expanded})`).toBe(true)
    }
    // Each upload's own actions, in the rows of the open panel.
    if (expanded === 'true') {
      const rows = page.getByRole('list', { name: 'Transfers' }).getByRole('listitem')
      for (const row of (await rows.all()).slice(0, 3)) {
        for (const button of await row.getByRole('button').all()) {
          await button.scrollIntoViewIfNeeded()
          expect(await hitsItself(button), `${await button.getAttribute('aria-label')}`).toBe(true)
        }
      }
    }
    if (expanded === 'true') await toggle.click()
  }
  // The card's own buttons and the link pack are reachable too.
  expect(await hitsItself(card.getByRole('button', { name: 'Copy' }))).toBe(true)

  // A right-click menu and the Move dialog opened while the card is there: their buttons are on top.
  await fileRow(page, 'notes.txt').click({ button: 'right' })
  const moveItem = page.getByRole('menuitem', { name: /Move to folder/ })
  expect(await hitsItself(moveItem)).toBe(true)
  await moveItem.click()
  const move = page.getByRole('dialog', { name: 'Move to folder' })
  await move.getByRole('treeitem', { name: 'Photos' }).click()
  const primary = move.getByRole('button', { name: 'Move to “Photos”' })
  expect(await hitsItself(primary)).toBe(true)
  // A click without force: Playwright refuses to click an element another one covers.
  await primary.click()
  await expect(page.getByText('Moved 1 file to Photos')).toBeVisible()
  const photos = await listFiles(sb, { fld_id: (await listFolders(sb)).Photos ?? -1 })
  expect(photos.map((f) => f.name)).toContain('notes.txt')

  // With a toast showing (the move's), the queue's buttons still answer a plain click.
  await queue.getByRole('button', { name: 'Clear finished' }).click()
  // Nothing is left in the collapsed panel, so it goes.
  await expect(queue).toHaveCount(0)
  await card.getByRole('button', { name: 'Close' }).click()
  await expect(card).toHaveCount(0)
  // The uploads themselves are on the host, whatever the queue shows now.
  const names = (await listFiles(sb)).map((f) => f.name)
  expect(names).toEqual(expect.arrayContaining(dropped.map((f) => f.name)))
})

async function listFolders(sb: ReturnType<typeof ref>): Promise<Record<string, number>> {
  const url = new URL('/api/folder/list', sb.baseUrl)
  url.searchParams.set('key', sb.apiKey)
  url.searchParams.set('fld_id', '0')
  const body = (await (await fetch(url)).json()) as {
    result: { folders: { fld_id: number; name: string }[] }
  }
  return Object.fromEntries(body.result.folders.map((f) => [f.name, Number(f.fld_id)]))
}
