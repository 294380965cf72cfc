import type { Page } from '@playwright/test'

/**
 * What the pseudo-locale (en-XA: every letter of a catalogue's text accented, the text bracketed and longer)
 * shows up on a screen: text that never went through a catalogue, and labels cut or overflowing once they are
 * longer than English.
 */

/** Words of 3+ ASCII letters that may stand in en-XA, each with why. */
export const ALLOWED_WORDS: Record<string, string> = {
  KiB: 'a size unit: written the same in every language (I18N-HELPERS: units as is)',
  MiB: 'a size unit, as KiB',
  GiB: 'a size unit, as KiB',
  TiB: 'a size unit, as KiB',
  PiB: 'a size unit, as KiB',
  min: 'Intl.NumberFormat’s short unit of a duration, in the locale of numbers (English for en-XA)',
  Filedock: 'the product’s name, the same in every language',
  Ctrl: 'a key as printed on the keyboard, inside a sentence (I18N-HELPERS: keyboard names as is)',
  Shift: 'a key, as Ctrl',
  Alt: 'a key, as Ctrl',
  Esc: 'a key, as Ctrl',
  Enter: 'a key, as Ctrl',
}

/** Elements whose text is not the window's words, each with why. */
export const SKIPPED: Record<string, string> = {
  '[translate="no"]': 'user and host data (names, paths, links, the host’s own words): never translated',
  time: 'a date, written by Intl in the locale of dates',
  '[lang]:not(html)': 'text in a language of its own (each language named in its own words in Settings)',
  'kbd, .shortcut': 'keys named as printed on the keyboard (Ctrl, Shift, Esc), the same in every language',
  'input, textarea, select, option': 'what the user typed or chose (a value, not a label)',
  'script, style, noscript, template': 'not shown',
  '[data-said-before-switch]':
    'an announcement made before the test switched the language: it keeps the words it was said in (language-helpers.ts marks it)',
}

/**
 * Labels whose text is cut with an ellipsis by design, each with why (any other label wider than its box is a
 * finding). Matched on the cut element or an ancestor.
 */
export const DELIBERATE_ELLIPSIS: Record<string, string> = {
  '[translate="no"]':
    'user data (a file, folder or account name, a path): cut to its column or crumb with an ellipsis, shown whole in the details panel or its title',
}

export interface PseudoFinding {
  view: string
  kind: 'untranslated' | 'cut'
  text: string
  where: string
}

/** The findings of one screen. Words are also found in the accessible names a screen reader reads. */
export async function scanPseudo(page: Page, view: string): Promise<PseudoFinding[]> {
  const found = await page.evaluate(
    ({ allowed, skipped, deliberate }) => {
      const out: { kind: 'untranslated' | 'cut'; text: string; where: string }[] = []
      const skip = skipped.join(', ')
      const months = new Set<string>()
      for (const style of ['short', 'long'] as const) {
        for (let m = 0; m < 12; m++)
          months.add(new Intl.DateTimeFormat('en', { month: style }).format(new Date(2026, m, 1)))
        for (let d = 0; d < 7; d++)
          months.add(new Intl.DateTimeFormat('en', { weekday: style }).format(new Date(2026, 10, 22 + d)))
      }
      const where = (el: Element) => {
        const parts: string[] = []
        for (
          let at: Element | null = el;
          at && parts.length < 3 && at !== document.body;
          at = at.parentElement
        ) {
          const id = at.getAttribute('data-testid') ?? at.getAttribute('role') ?? at.classList[0] ?? ''
          parts.unshift(`${at.tagName.toLowerCase()}${id ? `[${id}]` : ''}`)
        }
        return parts.join(' > ')
      }
      const shown = (el: Element) =>
        el.getClientRects().length > 0 &&
        el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })
      // A catalogue's message in en-XA is bracketed and accented: the plain words inside its brackets are the
      // values put into it (a file's name in "Text of {name}"), data an attribute cannot mark translate="no".
      const pseudo = /\[[^[\]]*[\u00C0-\u024F\u1E00-\u1EFF][^[\]]*\]/g
      const outsideMessages = (text: string) => {
        let rest = text
        for (let before = ''; before !== rest; ) {
          before = rest
          rest = rest.replace(pseudo, ' ')
        }
        return rest
      }
      // Links, addresses and e-mail addresses are data wherever they stand (a placeholder's example link).
      const words = (text: string) =>
        outsideMessages(text)
          .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' ')
          .replace(/\S+@\S+\.\S+/g, ' ')
          .match(/[A-Za-z]{3,}/g)
          ?.filter((w) => !allowed.includes(w) && !months.has(w)) ?? []
      const note = (text: string, el: Element, attr?: string) => {
        if (words(text).length > 0)
          out.push({
            kind: 'untranslated',
            text: text.trim().slice(0, 120),
            where: attr ? `${where(el)} @${attr}` : where(el),
          })
      }

      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement
        if (!el || !node.textContent?.trim() || el.closest(skip) || !shown(el)) continue
        note(node.textContent, el)
      }
      for (const el of document.body.querySelectorAll(
        '[aria-label], [title], [placeholder], [alt], [aria-description]',
      )) {
        if (el.closest(skip) && !el.matches('input, textarea, select')) continue
        if (el.closest('[translate="no"], [lang]:not(html)') || !shown(el)) continue
        // An element named by its data (a row labelled with its file's name, shown inside it as data) says nothing
        // the catalogues could hold.
        const data = new Set([...el.querySelectorAll('[translate="no"]')].map((d) => d.textContent?.trim()))
        for (const attr of ['aria-label', 'title', 'placeholder', 'alt', 'aria-description']) {
          const value = el.getAttribute(attr)
          if (value && !data.has(value.trim())) note(value, el, attr)
        }
      }

      // Labels: wider than their box (1 px of rounding allowed), on themselves or on a block inside them.
      const labels = document.body.querySelectorAll(
        'button, [role="button"], [role^="menuitem"], [role="tab"], th, [role="columnheader"], [role="dialog"] :is(h1, h2, h3), [role="alertdialog"] :is(h1, h2, h3)',
      )
      const deliberateAt = deliberate.join(', ')
      for (const label of labels) {
        if (!(label instanceof HTMLElement) || !shown(label)) continue
        for (const el of [label, ...label.querySelectorAll<HTMLElement>('*')]) {
          if (!(el instanceof HTMLElement) || !el.textContent?.trim()) continue
          if (getComputedStyle(el).display === 'inline') continue
          if (el.scrollWidth <= el.clientWidth + 1) continue
          const ellipsis = getComputedStyle(el).textOverflow === 'ellipsis'
          if (ellipsis && el.closest(deliberateAt)) continue
          out.push({
            kind: 'cut',
            text: `${(label.textContent ?? '').trim().slice(0, 80)} (${el.scrollWidth} px in ${el.clientWidth}${ellipsis ? ', ellipsis' : ''})`,
            where: where(el),
          })
          break
        }
      }
      return out
    },
    {
      allowed: Object.keys(ALLOWED_WORDS),
      skipped: Object.keys(SKIPPED),
      deliberate: Object.keys(DELIBERATE_ELLIPSIS),
    },
  )
  return found.map((f) => ({ view, ...f }))
}
