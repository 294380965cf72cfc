import { loadavg } from 'node:os'
import type { Page } from '@playwright/test'
import { createFolder, type SandboxRef } from '../sandbox/testing/api-calls.ts'
import { installAfterPaint } from './lib/after-paint.ts'
import { untilFirstCrawlDone, withSeededApp } from './lib/seeded-app.ts'
import { medianAndMax, round } from './lib/stats.ts'

const FILES = 100_000
const SUBFOLDERS = 2_000

/**
 * The sidebar's folder tree in Debian's Chromium on the built page through the browser host, against a sandbox
 * process holding a folder of 100,000 files (`Bulk`) and a folder of 2,000 subfolders (`Many`): unfolding `Many`
 * until its last subfolder's row is painted (the first time, with the host's listing; again, from the cache); a
 * rename in place (F2, a name, Enter) until the tree shows the new name (optimistic) and until the host has
 * confirmed it (the toast); and the folder menu's "Copy links of its files" on `Bulk` until the page has the
 * 100,000 links (built in main from the index). Times run from the input to the frame after the result.
 */
export async function benchFolderTree(work: string, rounds: number, files = FILES) {
  const options = { work, name: 'tree', files, flat: true, prepare: addSubfolders, clipboard: true }
  return withSeededApp(options, async ({ page }) => {
    const tree = page.getByRole('tree', { name: 'Folders' })
    await tree.getByRole('treeitem', { name: 'Many' }).waitFor()
    // The account's first crawl over: Copy links answers for the whole folder.
    await untilFirstCrawlDone(page)
    await installAfterPaint(page)

    const unfoldCold = await timeUnfold(page, 'Many', SUBFOLDERS)
    const unfoldWarm: number[] = []
    const shown: number[] = []
    const confirmed: number[] = []
    const copy: number[] = []
    for (let i = 0; i < Math.max(rounds, 5); i++) {
      await timeFold(page, 'Many')
      unfoldWarm.push(await timeUnfold(page, 'Many', SUBFOLDERS))
      const renamed = await timeRename(
        page,
        `sub ${String(SUBFOLDERS - 1 - i).padStart(4, '0')}`,
        `renamed ${i}`,
      )
      shown.push(renamed.shown)
      confirmed.push(renamed.confirmed)
      copy.push(await timeCopyLinks(page, 'Bulk', files))
    }
    return {
      files,
      subfolders: SUBFOLDERS,
      unfoldCold2000Ms: round(unfoldCold, 1),
      unfoldWarm2000Ms: medianAndMax(unfoldWarm),
      renameShownMs: medianAndMax(shown),
      renameConfirmedMs: medianAndMax(confirmed),
      copyLinks100kMs: medianAndMax(copy),
      loadAverage1min: round(loadavg()[0] ?? 0, 1),
    }
  })
}

/** `Many`, at the top, holding SUBFOLDERS folders `sub 0000`, `sub 0001`, … */
async function addSubfolders(sb: SandboxRef): Promise<void> {
  const many = await createFolder(sb, 'Many', 0)
  for (let i = 0; i < SUBFOLDERS; i++) await createFolder(sb, `sub ${String(i).padStart(4, '0')}`, many)
}

/** A click on the folder's chevron: until its last subfolder's row is painted. */
function timeUnfold(page: Page, folder: string, children: number): Promise<number> {
  return page.evaluate(
    async ([name, count]) => {
      const row = [...document.querySelectorAll<HTMLElement>('.tree[data-editable] [role="treeitem"]')].find(
        (r) => r.textContent === name,
      ) as HTMLElement
      const level = Number(row.getAttribute('aria-level')) + 1
      const t0 = performance.now()
      row.querySelector<HTMLElement>('.tree-twisty')?.click()
      await window.afterPaint(
        () => document.querySelectorAll(`.tree[data-editable] [aria-level="${level}"]`).length >= count,
      )
      return performance.now() - t0
    },
    [folder, children] as const,
  )
}

async function timeFold(page: Page, folder: string): Promise<void> {
  await page
    .getByRole('tree', { name: 'Folders' })
    .getByRole('treeitem', { name: folder, exact: true })
    .locator('.tree-twisty')
    .click()
}

/** F2 on the folder's row, the new name typed, Enter: until the row shows it, and until the host said yes. */
async function timeRename(
  page: Page,
  from: string,
  to: string,
): Promise<{ shown: number; confirmed: number }> {
  const tree = page.getByRole('tree', { name: 'Folders' })
  await tree.getByRole('treeitem', { name: from, exact: true }).focus()
  await page.keyboard.press('F2')
  const field = tree.getByRole('textbox', { name: `New name for folder ${from}` })
  await field.fill(to)
  await dismissToasts(page)
  return page.evaluate(async (name) => {
    const input = document.activeElement as HTMLInputElement
    const t0 = performance.now()
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    await window.afterPaint(() =>
      [...document.querySelectorAll('.tree[data-editable] [role="treeitem"]')].some(
        (r) => r.textContent === name,
      ),
    )
    const shown = performance.now() - t0
    await window.afterPaint(() =>
      [...document.querySelectorAll('.toast')].some((t) =>
        t.textContent?.includes(`Renamed folder to “${name}”`),
      ),
    )
    return { shown, confirmed: performance.now() - t0 }
  }, to)
}

/** The folder menu's Copy links of its files: from the click until the toast says how many were copied. */
async function timeCopyLinks(page: Page, folder: string, files: number): Promise<number> {
  await page
    .getByRole('tree', { name: 'Folders' })
    .getByRole('treeitem', { name: folder, exact: true })
    .click({ button: 'right' })
  const item = page
    .getByRole('menu', { name: `Folder ${folder}` })
    .getByRole('menuitem', { name: 'Copy links of its files' })
  await item.waitFor()
  await dismissToasts(page)
  const ms = await item.evaluate(async (el, count) => {
    const t0 = performance.now()
    ;(el as HTMLElement).click()
    await window.afterPaint(() =>
      [...document.querySelectorAll('.toast')].some((t) => t.textContent?.includes(`Copied ${count} links`)),
    )
    return performance.now() - t0
  }, files.toLocaleString('en-US'))
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  const lines = copied.split('\n').length
  if (lines !== files) throw new Error(`copied ${lines} links, not ${files}`)
  return ms
}

/** A toast of the last round must not end the next round's wait. */
async function dismissToasts(page: Page): Promise<void> {
  await page.locator('.toast button[aria-label="Dismiss"]').evaluateAll((buttons) => {
    for (const b of buttons) (b as HTMLElement).click()
  })
  await page.locator('.toast').first().waitFor({ state: 'detached' })
}
