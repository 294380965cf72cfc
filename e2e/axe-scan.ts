import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** The WCAG 2.0 and 2.1 A/AA rules; every rule of those tags runs (color-contrast among them): none is disabled. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * Lesser findings (impact moderate or minor) the app keeps, rule id to its reason. A rule listed here is allowed
 * only at those impacts: a serious or critical finding fails whatever this says. Empty: axe finds nothing of any
 * impact in any view of e2e/accessibility.spec.ts, light or dark, so a new finding of any impact fails the suite
 * until it is fixed or listed here with why it stays.
 */
export const ALLOWED: Readonly<Record<string, string>> = {}

export interface Finding {
  view: string
  rule: string
  impact: string
  help: string
  targets: string[]
}

/** Runs axe on the whole page as it is now; what it finds that is not allowed, named by view. */
export async function scan(page: Page, view: string): Promise<Finding[]> {
  // A dialog fading in, or a button's colour in its transition, blends colours for a moment, and axe measures
  // contrast as drawn: it reads the page once the animations and transitions under way have ended (a loaded
  // machine stretches them into the scan). Endless ones (a spinner) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  )
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || !(v.id in ALLOWED))
    .map((v) => ({
      view,
      rule: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} :: ${n.failureSummary ?? ''}`),
    }))
}
