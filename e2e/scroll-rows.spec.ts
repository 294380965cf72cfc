import type { Page } from '@playwright/test'
import { styleRecalcsWhile } from '../bench/lib/frame-figures.ts'
import type { SandboxRef } from '../sandbox/testing/api-calls.ts'
import { compareNaturally } from '../shared/natural-name.ts'
import { expect, ref, test } from './fixtures.ts'
import { grid, type HostFile, hostFiles, openAllFiles, paneRows } from './index-helpers.ts'

test.use({ seedFiles: 5000 })

const ROW_H = 36

/** The host's files in the list's name order. */
async function hostFilesByName(sb: SandboxRef): Promise<HostFile[]> {
  // In the order the list shows names: as people count (shared/natural-name.ts).
  return (await hostFiles(sb)).sort((a, b) => compareNaturally(a.name, b.name))
}

/** What a drawn row says about itself, in the DOM order (slot order). */
interface DrawnRow {
  id: string
  index: number
  code: string | null
  name: string | null
  top: number
}

function drawnRows(page: Page): Promise<DrawnRow[]> {
  return paneRows(page).evaluateAll((rows) =>
    rows.map((r) => ({
      id: r.id,
      index: Number(r.getAttribute('aria-rowindex')) - 2,
      code: r.getAttribute('data-code'),
      name: r.querySelector('.file-name span[title]')?.textContent ?? null,
      top: new DOMMatrix(getComputedStyle(r).transform).m42,
    })),
  )
}

/**
 * Scrolls the list `rows` rows (negative: up) at 10 rows a frame, as the app bench does, and counts the row
 * elements the list inserted and removed meanwhile (it rewrites its rows in place: none removed; one or two
 * inserted at most, when the view draws a row more than it ever did, a partial row at each edge).
 */
function scrollByFrames(
  page: Page,
  rows: number,
): Promise<{ inserted: number; removed: number; frames: number }> {
  return page.locator('.files-scroll').evaluate(async (el, rows) => {
    const body = el.querySelector('.files-body') as HTMLElement
    let inserted = 0
    let removed = 0
    const watch = new MutationObserver((changes) => {
      for (const change of changes) {
        inserted += change.addedNodes.length
        removed += change.removedNodes.length
      }
    })
    watch.observe(body, { childList: true })
    const target = el.scrollTop + rows * 36
    let frames = 0
    await new Promise<void>((done) => {
      const frame = () => {
        const left = target - el.scrollTop
        const before = el.scrollTop
        if (Math.abs(left) >= 1) el.scrollTop += Math.sign(left) * Math.min(Math.abs(left), 360)
        // There, or at an end of the list.
        if (el.scrollTop === before) return done()
        frames++
        requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })
    // The last frame's render and the windows it asked for.
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
    watch.disconnect()
    return { inserted, removed, frames }
  }, rows)
}

/**
 * Every drawn row is the host's file at its index, drawn where that index belongs. Read and checked as one: the
 * list may still draw a row or two of overscan after a scroll settles, and rows read before that would not match
 * the reading order read after it.
 */
async function expectRowsMatchHost(page: Page, byName: HostFile[]): Promise<void> {
  await expect(paneRows(page, '[aria-busy]')).toHaveCount(0)
  await expect(async () => {
    const rows = await drawnRows(page)
    for (const row of rows) {
      const file = byName[row.index]
      expect(row.id).toBe(`file-${row.index}`)
      expect(row.code).toBe(file?.file_code)
      expect(row.name).toBe(file?.name)
      expect(row.top).toBe(row.index * ROW_H)
    }
    // The rows drawn are one run of consecutive indexes, and assistive technology reads them top to bottom.
    const indexes = rows.map((r) => r.index).sort((a, b) => a - b)
    expect((indexes.at(-1) ?? 0) - (indexes[0] ?? 0)).toBe(rows.length - 1)
    expect(await grid(page).locator('.files-body').getAttribute('aria-owns')).toBe(
      indexes.map((i) => `file-${i}`).join(' '),
    )
  }).toPass({ timeout: 10_000 })
}

/** Waits until the page has received the host's row at `index` (its window is in the page). */
async function expectFetched(received: string[], byName: HostFile[], index: number): Promise<void> {
  const code = byName[index]?.file_code ?? 'none'
  await expect.poll(() => received.some((frame) => frame.includes(code)), { timeout: 30_000 }).toBe(true)
}

/** Jumps the view by `rows` rows in one frame; the placeholders drawn in the frame after. */
function placeholdersAfterJump(page: Page, rows: number): Promise<number> {
  return page.locator('.files-scroll').evaluate(async (el, rows) => {
    el.scrollTop += rows * 36
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
    return el.querySelectorAll('.files-body [role="row"][aria-busy]').length
  }, rows)
}

test('scrolling rewrites the drawn rows in place, each showing the host’s file at its index, both ways', async ({
  page,
  host,
  sandbox,
}) => {
  test.setTimeout(180_000)
  const byName = await hostFilesByName(ref(sandbox))
  await openAllFiles(page, host, sandbox, byName.length)
  await expectRowsMatchHost(page, byName)

  // Away from the top the list draws its overscan above too: its slots are laid out from here on.
  await scrollByFrames(page, 100)
  await expectRowsMatchHost(page, byName)
  const drawn = (await drawnRows(page)).length

  // Down 2,000 rows at 10 a frame: no row element is replaced, and every row shows its own file.
  const down = await scrollByFrames(page, 2000)
  expect(down.frames).toBe(200)
  expect(down.removed).toBe(0)
  expect(down.inserted).toBeLessThanOrEqual(2)
  await expectRowsMatchHost(page, byName)
  expect((await drawnRows(page)).length).toBe(drawn + down.inserted)

  // The same way back up: again nothing inserted, and the rows are right.
  const up = await scrollByFrames(page, -2000)
  expect(up.removed).toBe(0)
  expect(up.inserted).toBe(0)
  await expectRowsMatchHost(page, byName)

  // And down once more (a repeat): the same.
  const again = await scrollByFrames(page, 2000)
  expect(again.removed).toBe(0)
  expect(again.inserted).toBe(0)
  await expectRowsMatchHost(page, byName)
})

test('the window ahead of the scrolling is fetched before its rows come into view, down and up', async ({
  page,
  host,
  sandbox,
  received,
}) => {
  test.setTimeout(180_000)
  const byName = await hostFilesByName(ref(sandbox))
  await openAllFiles(page, host, sandbox, byName.length)

  // Scrolled down to row 1,000: the rows 150 further down are fetched already, so a jump there draws no placeholder.
  await scrollByFrames(page, 1000)
  await expectRowsMatchHost(page, byName)
  const lastDrawn = Math.max(...(await drawnRows(page)).map((r) => r.index))
  await expectFetched(received, byName, lastDrawn + 150)
  expect(await placeholdersAfterJump(page, 150)).toBe(0)
  await expectRowsMatchHost(page, byName)

  // At the end of the list, turning back up: the rows 150 further up (never fetched yet) come before they are
  // needed too.
  await page.locator('.files-scroll').evaluate((el) => {
    el.scrollTop = el.scrollHeight
  })
  await expect(grid(page).locator(`#file-${byName.length - 1}[data-code]`)).toBeAttached()
  await scrollByFrames(page, -10)
  const firstDrawn = Math.min(...(await drawnRows(page)).map((r) => r.index))
  await expectFetched(received, byName, firstDrawn - 150)
  expect(await placeholdersAfterJump(page, -150)).toBe(0)
  await expectRowsMatchHost(page, byName)
})

// A scrolled frame moves ten rows and rewrites their content. Drawn as table rows (tr, td), Chromium restyled 7.8
// elements for each row moved (the row's cells with it), at 0.4 ms a row: 5.9-9.9 ms a frame in this test, 7-10 ms
// in the 100,000-file bench. Drawn as divs with the grid's roles, 3.6 elements a row and 1.5-2.7 ms a frame.
// The elements are counted here, from Chromium's trace; the bench times them.
test('a scrolled frame restyles the rows it moved, not their cells', async ({ page, host, sandbox }) => {
  test.setTimeout(180_000)
  await openAllFiles(page, host, sandbox, 5000)
  // Once down and back first, so the rows' windows are in the page: what is counted is the rows, not their fetch.
  await scrollByFrames(page, 2100)
  await scrollByFrames(page, -2000)
  const cdp = await page.context().newCDPSession(page)
  const { value, elementsRestyled } = await styleRecalcsWhile(cdp, () => scrollByFrames(page, 2000))
  expect(value.frames).toBe(200)
  expect(value.inserted).toBe(0)
  const rowsMoved = 2000
  expect(elementsRestyled / rowsMoved).toBeLessThanOrEqual(5)
})
