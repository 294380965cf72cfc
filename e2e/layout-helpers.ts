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
