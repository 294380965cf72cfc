import fs from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { ANNOUNCE_INTERVAL_MS } from '../renderer/src/features/upload/throttled-announcer.ts'
import { contrastRatio, over, parseColor, type Rgba } from '../renderer/src/lib/contrast.ts'
import { type Finding, scan } from './axe-scan.ts'
import { addAccount, expect, openWithSmallTree, startHost, stopHost, test } from './fixtures.ts'
import { grid, openAllFiles, paneRows } from './index-helpers.ts'
import { walkEveryView } from './view-walk.ts'

/**
 * Accessibility, measured (issue 20, item 3). axe (e2e/axe-scan.ts) on every view and dialog, in the light and
 * the dark theme (the app follows the OS's colour scheme): first run, files as a list and as tiles with the folder
 * tree, the details panel, the file menu, the move dialog, deleted files, dashboard, link checker, watch folders,
 * accounts and its add form, settings, the upload queue with items, the finished card, the "already there" and
 * the arrivals questions, upload history and a batch's Verify report, Quick Look of a picture and of a text, the Download dialog, the transfers
 * panel with a download under way and finished. Then what axe does not measure: a focus ring on every Tab stop, the
 * grid's size and cursor as a screen reader gets them, and the uploads' polite live region.
 */
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme })

    test('axe finds nothing serious in any view or dialog', async ({ page, host, sandbox, tmp }) => {
      test.setTimeout(240_000)
      const found: Finding[] = []
      await walkEveryView({ page, host, sandbox, tmp }, async (view) => {
        found.push(...(await scan(page, view)))
        // The polite live region is heard from the first file view on (it is the shell's, always there)...
        if (view === 'files (list) and folder tree') await watchLiveRegion(page)
        // ...and by the end of the first upload it has said the batch's end, and progress no oftener than its
        // throttle lets it.
        if (view === 'finished card and queue') {
          await expect(page.getByTestId('transfer-announcer')).toHaveText(
            /^Upload finished\. 2 files uploaded/,
          )
          const heard = await heardInLiveRegion(page)
          const progress = heard.filter((h) => h.text.startsWith('Uploading'))
          for (let i = 1; i < progress.length; i++)
            expect((progress[i]?.at ?? 0) - (progress[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(
              ANNOUNCE_INTERVAL_MS - 50,
            )
          expect(heard.at(-1)?.text).toMatch(/^Upload finished/)
        }
      })
      expect(found, JSON.stringify(found, null, 2)).toEqual([])
    })

    test('axe finds nothing serious in the question about files handed in from outside', async ({
      page,
      sandbox,
      tmp,
    }) => {
      const outside = path.join(tmp, 'outside')
      await fs.mkdir(outside)
      await fs.writeFile(path.join(outside, 'report.pdf'), 'pdf-bytes')
      const host = await startHost(path.join(tmp, 'app'), [path.join(outside, 'report.pdf')])
      try {
        await page.goto(host.url)
        await addAccount(page, { label: 'Sandbox', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
        await expect(page.getByRole('dialog', { name: 'Upload these to Filedock?' })).toBeVisible()
        expect(await scan(page, 'arrivals')).toEqual([])
      } finally {
        await stopHost(host.child)
      }
    })

    test('key controls show a focus ring of at least 3:1 against what is behind it', async ({
      page,
      host,
      sandbox,
    }) => {
      await openWithSmallTree(page, host, sandbox)
      // Every stop of Tab through the window, then through a dialog (which keeps the focus inside it).
      const rings = await ringsAlongTab(page)
      await page.getByRole('button', { name: 'Settings' }).click()
      await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible()
      Object.assign(rings, await ringsAlongTab(page, 'Settings: '))
      expect(Object.keys(rings).length).toBeGreaterThan(15)
      const faint = Object.entries(rings).filter(([, ratio]) => !(ratio >= 3))
      expect(faint, 'controls whose focus ring is under 3:1').toEqual([])
    })
  })
}

test.describe('the file grid of a large result', () => {
  test.use({ seedFiles: 5000 })

  test('says how many rows it has and which one the cursor is on, in the list and in tiles', async ({
    page,
    host,
    sandbox,
  }) => {
    await openAllFiles(page, host, sandbox, 5000, 60_000)
    const files = grid(page)
    // The list: 5,000 rows and its header, though only a screenful is in the DOM.
    await expect(files).toHaveAttribute('aria-rowcount', '5001')
    await paneRows(page, '[data-code]').first().click()
    await page.keyboard.press('End')
    await expect(files).toHaveAttribute('aria-activedescendant', 'file-4999')
    await expect(files.locator('#file-4999')).toHaveAttribute('aria-rowindex', '5001')
    // Chromium's accessibility tree, which a screen reader reads: the grid's active descendant is that row.
    expect(await activeDescendant(page)).toEqual({ role: 'row', id: 'file-4999' })

    // Tiles: rows of `columns` cells; the cursor's cell says its column, its row says its place.
    await page.getByRole('button', { name: 'Grid view' }).click()
    await files.locator('.tile[data-code]').first().click()
    await page.keyboard.press('End')
    await expect(files).toHaveAttribute('aria-activedescendant', 'file-4999')
    const columns = Number(await files.getAttribute('aria-colcount'))
    expect(columns).toBeGreaterThan(1)
    await expect(files).toHaveAttribute('aria-rowcount', String(Math.ceil(5000 / columns)))
    const tile = files.locator('#file-4999')
    await expect(tile).toHaveAttribute('aria-colindex', String((4999 % columns) + 1))
    await expect(tile.locator('xpath=..')).toHaveAttribute('aria-rowindex', String(Math.ceil(5000 / columns)))
    expect(await activeDescendant(page)).toEqual({ role: 'gridcell', id: 'file-4999' })
  })
})

/** The node Chromium's accessibility tree gives as the Files grid's active descendant: its role and DOM id. */
async function activeDescendant(page: Page): Promise<{ role: string; id: string } | null> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree')
    const files = nodes.find((n) => n.role?.value === 'grid' && n.name?.value === 'Files')
    const related = files?.properties?.find((p) => p.name === 'activedescendant')?.value.relatedNodes?.[0]
    const node = nodes.find((n) => n.backendDOMNodeId === related?.backendDOMNodeId)
    if (!node || related?.backendDOMNodeId === undefined) return null
    const { node: dom } = await cdp.send('DOM.describeNode', { backendNodeId: related.backendDOMNodeId })
    const attrs = dom.attributes ?? []
    return { role: String(node.role?.value), id: attrs[attrs.indexOf('id') + 1] ?? '' }
  } finally {
    await cdp.detach()
  }
}

/** Starts keeping every text the transfer live region takes, with when (the page's clock). */
async function watchLiveRegion(page: Page): Promise<void> {
  await page.evaluate(() => {
    const region = document.querySelector('[data-testid="transfer-announcer"]')
    const heard: { at: number; text: string }[] = []
    ;(window as unknown as { __heard: typeof heard }).__heard = heard
    if (!region) return
    new MutationObserver(() => {
      const text = region.textContent ?? ''
      if (text !== '' && text !== heard.at(-1)?.text) heard.push({ at: performance.now(), text })
    }).observe(region, { childList: true, characterData: true, subtree: true })
  })
}

async function heardInLiveRegion(page: Page): Promise<{ at: number; text: string }[]> {
  return page.evaluate(() => (window as unknown as { __heard: { at: number; text: string }[] }).__heard)
}

/** Tabs until the focus comes back to where it started (at most 80 stops): each stop's ring contrast, by name. */
async function ringsAlongTab(page: Page, prefix = ''): Promise<Record<string, number>> {
  const rings: Record<string, number> = {}
  let first: string | null = null
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab')
    const stop = await page.evaluate(() => {
      const el = document.activeElement
      if (!el || el === document.body) return null
      const label = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 40)
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} ${el.getAttribute('role') ?? ''} “${label}”`
    })
    if (stop === null) continue
    if (stop === first) break
    first ??= stop
    rings[prefix + stop] = ringContrast(await page.locator('*:focus').evaluate(focusStyle))
  }
  return rings
}

interface FocusStyle {
  outline: string
  outlineColor: string
  boxShadow: string
  /** A text field's border: its ring by design (controls.css, .input:focus); null for other controls. */
  fieldBorder: string | null
  backdrop: string
}

/** In the page: how the focused element draws its ring, and the first opaque background under the ring. */
function focusStyle(el: Element): FocusStyle {
  const style = getComputedStyle(el)
  let backdrop = 'rgb(255, 255, 255)'
  // An inset ring is drawn over the control's own background; any other ring, and a border, around it.
  const from = style.boxShadow.includes('inset') ? el : el.parentElement
  for (let at: Element | null = from; at; at = at.parentElement) {
    const bg = getComputedStyle(at).backgroundColor
    if (bg !== 'transparent' && !bg.startsWith('rgba(0, 0, 0, 0)')) {
      backdrop = bg
      break
    }
  }
  return {
    outline: `${style.outlineStyle} ${style.outlineWidth}`,
    outlineColor: style.outlineColor,
    boxShadow: style.boxShadow,
    fieldBorder: /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName) ? style.borderTopColor : null,
    backdrop,
  }
}

/**
 * The ring's contrast against its backdrop (1 when there is none): its outline's, else its outermost shadow's;
 * a text field's accent border counts too.
 */
function ringContrast(s: FocusStyle): number {
  const white = { r: 255, g: 255, b: 255, a: 1 }
  const backdrop = parseColor(s.backdrop)
  if (!backdrop) throw new Error(`backdrop colour ${s.backdrop}`)
  const behind = over(backdrop, white)
  const outline = !s.outline.startsWith('none') && !s.outline.endsWith(' 0px')
  const shadow = s.boxShadow === 'none' ? null : (s.boxShadow.match(/rgba?\([^)]*\)/g)?.at(-1) ?? null)
  const colours = [outline ? s.outlineColor : shadow, s.fieldBorder]
  const ratios = colours
    .map((c) => (c === null ? null : parseColor(c)))
    .map((ring: Rgba | null) => (ring === null ? 1 : contrastRatio(over(ring, behind), behind)))
  return Math.max(...ratios)
}
