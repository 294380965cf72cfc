import type { Locator, Page } from '@playwright/test'
import type { SandboxHandle } from '../sandbox/server.ts'
import { apiGet, type SandboxRef } from '../sandbox/testing/api-calls.ts'
import { expect, fileRow, type Host, openWithAccount } from './fixtures.ts'

/** A file as the host lists it, with the fields the pane sorts by. */
export interface HostFile {
  name: string
  file_code: string
  fld_id: number
  link: string
  size: number
  downloads: number
  uploaded: string
}

/** Every file of the account (or of one folder), page by page, as the host has them now. */
export async function hostFiles(sb: SandboxRef, fldId?: number): Promise<HostFile[]> {
  const out: HostFile[] = []
  for (let page = 1; ; page++) {
    const result = await apiGet<{ files: HostFile[]; results_total: number | string }>(sb, 'file/list', {
      per_page: 1000,
      page,
      ...(fldId === undefined ? {} : { fld_id: fldId }),
    })
    out.push(...result.files.map((f) => ({ ...f, size: Number(f.size), downloads: Number(f.downloads) })))
    if (result.files.length < 1000 || out.length >= Number(result.results_total)) return out
  }
}

export const grid = (page: Page) => page.getByRole('grid', { name: 'Files' })

/** The grid has the keyboard and its cursor (aria-activedescendant) is on the row of `name`. */
export async function expectCursorOn(page: Page, name: string): Promise<void> {
  await expect(grid(page)).toBeFocused()
  const id = await fileRow(page, name).getAttribute('id')
  expect(id).not.toBeNull()
  await expect(grid(page)).toHaveAttribute('aria-activedescendant', id as string)
}

/**
 * The rows the file pane has drawn, in DOM order (slot order, not row order), narrowed by `which` (an attribute
 * selector: '[data-code]' for rows that show a file or folder, '[aria-busy]' for placeholders). The one place
 * that knows the pane's row markup.
 */
export const paneRows = (page: Page, which = '') => grid(page).locator(`.files-body > [role="row"]${which}`)

/** The file codes of the rows the pane has drawn, top to bottom (placeholders and folders left out). */
export async function shownCodes(page: Page): Promise<string[]> {
  return paneRows(page, '[data-code]:not(.folder-row)').evaluateAll((rows) =>
    rows
      .map((r) => ({
        code: r.getAttribute('data-code') ?? '',
        index: Number(r.getAttribute('aria-rowindex')),
      }))
      .sort((a, b) => a.index - b.index)
      .map((r) => r.code),
  )
}

/** Waits until the status bar counts `n` files: the index has them all (a crawl may still be on its way). */
export async function expectFileCount(page: Page, n: number, timeout = 120_000): Promise<void> {
  await expect(page.getByTestId('status-count')).toHaveText(`${n.toLocaleString('en-US')} files`, { timeout })
}

/** The app opened with the account on All files, once the status bar counts all `files` of it. */
export async function openAllFiles(
  page: Page,
  host: Host,
  sandbox: SandboxHandle,
  files: number,
  timeout?: number,
): Promise<void> {
  await openWithAccount(page, host, sandbox)
  await page.getByRole('button', { name: 'All files' }).click()
  await expectFileCount(page, files, timeout)
}

export function header(page: Page, name: string): Locator {
  return grid(page).getByRole('columnheader', { name })
}

/** The file code of a page link (`{base}/{code}` or `{base}/{code}/{name}.html`: hosts of this family use both). */
export const codeOfLink = (link: string) => new URL(link).pathname.split('/')[1] ?? ''
