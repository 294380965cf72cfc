import path from 'node:path'
import type { Locator, Page, TestInfo } from '@playwright/test'

/**
 * True when the element the user would hit at the centre of `target` is `target` itself (or inside it). The box
 * is measured and hit-tested in one step in the page, so nothing can move in between.
 */
export async function hitsItself(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const box = el.getBoundingClientRect()
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    return hit !== null && (el === hit || el.contains(hit))
  })
}

/** The toasts showing now, by their text. */
export const toastsWith = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications' }).locator('.toast').filter({ hasText: text })

/** Where a screenshot goes: docs/screenshots/ when asked for (FILEDOCK_SCREENSHOT=1), else the test's output. */
export function shotPath(info: TestInfo, name: string): string {
  return process.env.FILEDOCK_SCREENSHOT
    ? path.join(import.meta.dirname, '../docs/screenshots', name)
    : info.outputPath(name)
}

/**
 * The file pane's rows the user sees whole: drawn rows (placeholders too) whose box lies inside the list's
 * scrolling box, below its sticky column header. Geometry, read in one step in the page.
 */
export async function visibleListRows(page: Page): Promise<number> {
  return page.locator('.files-scroll').evaluate((scroll) => {
    const box = scroll.getBoundingClientRect()
    const top = scroll.querySelector('.files-head')?.getBoundingClientRect().bottom ?? box.top
    const rows = [...scroll.querySelectorAll('.files-body > [role="row"]')]
    return rows.filter((r) => {
      const b = r.getBoundingClientRect()
      return b.height > 0 && b.top >= top - 0.5 && b.bottom <= box.bottom + 0.5
    }).length
  })
}

/**
 * The rows a file view would show whole in half the window: what "the list keeps most of the window" is
 * measured against (the toolbar, the column header and the status bar are the view's own).
 */
export async function halfWindowRows(page: Page): Promise<number> {
  return page.evaluate(() => {
    const height = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().height ?? 0
    const chrome = height('.toolbar') + height('.files-head') + height('.statusbar')
    const row = height('.files-body > [role="row"]')
    return Math.floor((window.innerHeight / 2 - chrome) / row)
  })
}

/** Dismisses the toasts showing now (a picture of a card or a panel, not of the notes around it). */
export async function clearToasts(page: Page): Promise<void> {
  const dismiss = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Dismiss' })
  while ((await dismiss.count()) > 0)
    await dismiss
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined)
}
