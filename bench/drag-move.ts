import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import type { Page } from '@playwright/test'
import { apiGet, createFolder, type SandboxRef } from '../sandbox/testing/api-calls.ts'
import { untilFirstCrawlDone, withSeededApp } from './lib/seeded-app.ts'
import { median, medianAndMax, round } from './lib/stats.ts'

const FILES = 5_000
/** The app moves 4 files at a time (core/index/move-selection.ts); the baseline gets the same. */
const CONCURRENCY = 4

/**
 * Drag and drop in the app page (Debian's Chromium, the built renderer through the browser host) against a sandbox
 * process: a folder of 5,000 files (`Bulk`), Ctrl+A, dragged with the mouse onto the tree's `Target`; timed from the
 * release to the progress toast and to the "Moved 5,000 files" toast (each round moves them back the other way).
 * Baseline: curl, one file/set_folder per file, 4 at a time (xargs -P 4), for the same 5,000 files.
 */
export async function benchDragMove(work: string, rounds: number, files = FILES) {
  const prepare = (sb: SandboxRef) => createFolder(sb, 'Target')
  return withSeededApp({ work, name: 'drag', files, flat: true, prepare }, async ({ page, sandbox: sb }) => {
    await untilFirstCrawlDone(page)
    const toProgress: number[] = []
    const toDone: number[] = []
    let from = 'Bulk'
    let to = 'Target'
    for (let i = 0; i < rounds; i++) {
      const t = await timeDrop(page, from, to, files)
      toProgress.push(t.progress)
      toDone.push(t.done)
      ;[from, to] = [to, from]
    }
    // The files are where the last round left them; the baseline moves them to the other folder.
    const [fromId, toId] = [await folderId(sb, from), await folderId(sb, to)]
    const codes = await codesIn(sb, fromId)
    const curl: number[] = []
    for (let i = 0; i < rounds; i++) curl.push(await curlSetFolder(sb, codes, i % 2 === 0 ? toId : fromId))
    const done = median(toDone)
    const base = median(curl)
    return {
      files,
      dropToProgressToastMs: medianAndMax(toProgress, 0),
      dropToMovedToastMs: medianAndMax(toDone, 0),
      filesPerSecond: round(files / (done / 1000), 0),
      curlSetFolderAtP4Ms: { median: round(base, 0), filesPerSecond: round(files / (base / 1000), 0) },
      ratioToCurl: round(base / done, 2),
      loadAverage1min: round(loadavg()[0] ?? 0, 1),
    }
  })
}

/** Opens `from`, selects all, drags a row onto the tree's `to`; times the release to the two toasts. */
async function timeDrop(page: Page, from: string, to: string, files: number) {
  const tree = page.getByRole('tree', { name: 'Folders' })
  await tree.getByRole('treeitem', { name: from, exact: true }).click()
  await page.waitForFunction(
    ([n]) => document.querySelector('[data-testid="status-count"]')?.textContent === `${n} files`,
    [files.toLocaleString('en-US')],
  )
  const grid = page.getByRole('grid', { name: 'Files' })
  await grid.focus()
  await page.keyboard.press('Control+a')
  await page
    .getByTestId('status-selection')
    .getByText(`${files.toLocaleString('en-US')} selected`)
    .waitFor()
  const source = grid.locator('.files-body .file-row[data-code]:not(.folder-row)').first()
  const box = await tree.getByRole('treeitem', { name: to, exact: true }).boundingBox()
  if (!box) throw new Error(`the tree's ${to} is not on screen`)
  await source.hover()
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 5 })
  const started = performance.now()
  await page.mouse.up()
  const total = files.toLocaleString('en-US')
  await page.getByText(new RegExp(`^Moving ${total} files: `)).waitFor({ timeout: 60_000 })
  const progress = performance.now() - started
  await page.getByText(`Moved ${total} files to ${to}`).waitFor({ timeout: 600_000 })
  const done = performance.now() - started
  // Toasts leave by themselves; the next round must not see this one.
  await page.getByText(`Moved ${total} files to ${to}`).waitFor({ state: 'detached', timeout: 60_000 })
  return { progress, done }
}

async function folderId(sb: SandboxRef, name: string): Promise<number> {
  const list = await apiGet<{ folders: Array<{ fld_id: number | string; name: string }> }>(
    sb,
    'folder/list',
    {
      fld_id: 0,
    },
  )
  const found = list.folders.find((f) => f.name === name)
  if (!found) throw new Error(`no folder ${name}`)
  return Number(found.fld_id)
}

async function codesIn(sb: SandboxRef, fldId: number): Promise<string[]> {
  const out: string[] = []
  for (let page = 1; ; page++) {
    const r = await apiGet<{ files: Array<{ file_code: string }> }>(sb, 'file/list', {
      fld_id: fldId,
      per_page: 1000,
      page,
    })
    out.push(...r.files.map((f) => f.file_code))
    if (r.files.length < 1000) return out
  }
}

/** `xargs -P 4 curl …/file/set_folder` for every code: one curl process per file, as a shell user would. */
async function curlSetFolder(sb: SandboxRef, codes: readonly string[], fldId: number): Promise<number> {
  const started = performance.now()
  const child = spawn(
    'xargs',
    [
      '-0',
      '-P',
      String(CONCURRENCY),
      '-I{}',
      'curl',
      '-sS',
      '--fail',
      '-o',
      '/dev/null',
      `${sb.baseUrl}/api/file/set_folder?key=${sb.apiKey}&file_code={}&fld_id=${fldId}`,
    ],
    { stdio: ['pipe', 'ignore', 'inherit'] },
  )
  child.stdin.end(codes.map((c) => `${c}\0`).join(''))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`the curl baseline failed (xargs exit code ${code})`)
  return performance.now() - started
}
