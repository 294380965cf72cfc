import { expect, openWithAccount, savedSetting, test } from './fixtures.ts'
import { header } from './index-helpers.ts'
import { clearToasts, halfWindowRows, shotPath, visibleListRows } from './layout-helpers.ts'
import { dragFiles, expectStatus, openHistory } from './upload-helpers.ts'

// A root of about a hundred files: more rows than any window shows.
test.use({ seedFiles: 200 })

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1024, height: 640 },
]

test('the file list keeps most of the window with the uploads panel open and a finished card', async ({
  page,
  host,
  sandbox,
}, info) => {
  await openWithAccount(page, host, sandbox)
  await dragFiles(page, [
    { name: 'first.txt', text: 'one' },
    { name: 'second.txt', text: 'two' },
  ])
  await expectStatus(page, 'second.txt', 'Done')
  const card = page.getByRole('dialog', { name: 'Upload finished' })
  await expect(card).toBeVisible()
  const queue = page.getByRole('region', { name: 'Transfers' })
  await expect(queue.getByRole('button', { name: /^Transfers/ })).toHaveAttribute('aria-expanded', 'true')

  for (const size of SIZES) {
    await page.setViewportSize(size)
    // The list keeps at least the rows half the window holds, with the panel open and the card shown; the
    // panel still shows its uploads.
    await expect.poll(() => visibleListRows(page)).toBeGreaterThanOrEqual(await halfWindowRows(page))
    expect(await halfWindowRows(page)).toBeGreaterThanOrEqual(5)
    await expect(queue.getByRole('listitem', { name: 'first.txt' })).toBeInViewport()
    if (size.width === 1280) {
      await clearToasts(page)
      await page.screenshot({ path: shotPath(info, 'list-room.png') })
    }
  }
})

test('the uploads panel is resized by its edge, by mouse or keys, and keeps its size per window size', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithAccount(page, host, sandbox)
  await dragFiles(page, [{ name: 'only.txt', text: 'one' }])
  await expectStatus(page, 'only.txt', 'Done')
  // The card closed: the room the panel can take is all that is not the list's half.
  await page.getByRole('dialog', { name: 'Upload finished' }).getByRole('button', { name: 'Close' }).click()
  const queue = page.getByRole('region', { name: 'Transfers' })
  const edge = page.getByRole('separator', { name: 'Resize the uploads panel' })
  const height = async () => Math.round((await queue.boundingBox())?.height ?? 0)
  const before = await height()

  // Dragged up by 80 px: the panel grows by as much, the list gives the room.
  const box = await edge.boundingBox()
  if (!box) throw new Error('the panel has no edge to drag')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 80, { steps: 4 })
  await page.mouse.up()
  await expect.poll(height).toBeCloseTo(before + 80, 0)
  // As far as the list lets it: half the window stays the list's.
  for (let n = 0; n < 4; n++) {
    await page.mouse.move(box.x + box.width / 2, box.y - 80 * n)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width / 2, box.y - 80 * n - 200, { steps: 4 })
    await page.mouse.up()
  }
  expect(await visibleListRows(page)).toBeGreaterThanOrEqual(await halfWindowRows(page))
  // The keyboard: the edge is a focusable separator; arrows move it.
  await edge.focus()
  const tall = await height()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect.poll(height).toBeLessThan(tall)
  const chosen = Math.round(await height())
  await expect.poll(() => savedSetting(host.dataDir, 'queuePanelHeights')).toMatchObject({ medium: chosen })

  // Remembered for this size of window after a reload; another size of window has its own.
  await page.reload()
  await page.getByRole('button', { name: /^Transfers/ }).click()
  await expect.poll(height).toBeCloseTo(chosen, 0)
  await page.setViewportSize({ width: 1024, height: 640 })
  await expect.poll(height).not.toBeCloseTo(chosen, 0)
  // Collapsed, it is its bar only.
  await page.getByRole('button', { name: /^Transfers/ }).click()
  await expect.poll(height).toBeLessThan(48)
})

test('at 1024×640 the history keeps its title and controls whole; a click anywhere in a column header sorts', async ({
  page,
  host,
  sandbox,
}) => {
  await page.setViewportSize({ width: 1024, height: 640 })
  await openWithAccount(page, host, sandbox)
  // Away from the header's words, at its far edge: the whole header is the button.
  const downloads = header(page, 'Downloads')
  await expect(downloads).toHaveAttribute('aria-sort', 'none')
  const cell = await downloads.boundingBox()
  if (!cell) throw new Error('no Downloads header')
  await page.mouse.click(cell.x + 4, cell.y + cell.height / 2)
  await expect(downloads).not.toHaveAttribute('aria-sort', 'none')

  await dragFiles(page, [{ name: 'kept.txt', text: 'kept' }])
  await expectStatus(page, 'kept.txt', 'Done')
  await openHistory(page)
  const toolbar = page.locator('.toolbar')
  const title = toolbar.getByRole('heading', { name: 'Upload history' })
  const controls = [
    title,
    toolbar.getByRole('searchbox', { name: 'Search upload history' }),
    toolbar.getByRole('button', { name: 'Copy links' }),
    toolbar.getByRole('button', { name: 'Check links' }),
    toolbar.getByRole('combobox', { name: 'Check links automatically' }),
    toolbar.getByRole('button', { name: 'Export CSV' }),
  ]
  await expect(title).toBeVisible()
  const bar = await toolbar.boundingBox()
  if (!bar) throw new Error('no toolbar')
  const boxes = []
  for (const c of controls) {
    // Whole: its text not cut, inside the toolbar, beside (not over) the others.
    expect(await c.evaluate((el) => el.scrollWidth <= el.clientWidth), (await c.textContent()) ?? '').toBe(
      true,
    )
    const b = await c.boundingBox()
    if (!b) throw new Error('a control is not shown')
    expect(b.x).toBeGreaterThanOrEqual(bar.x)
    expect(b.x + b.width).toBeLessThanOrEqual(bar.x + bar.width + 0.5)
    boxes.push(b)
  }
  for (const [i, a] of boxes.entries())
    for (const b of boxes.slice(i + 1))
      expect(a.x + a.width <= b.x + 0.5 || b.x + b.width <= a.x + 0.5 || a.y + a.height <= b.y + 0.5).toBe(
        true,
      )
})
