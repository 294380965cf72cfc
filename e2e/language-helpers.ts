import type { Page } from '@playwright/test'
import type { LanguageSetting } from '../shared/i18n/locales.ts'
import { expect } from './fixtures.ts'

/**
 * Sets the window's language as Settings does (settings.update), from the test: through the preload's bridge in
 * Electron, or a socket of the page's own to the browser host (its cookie lets it in). Main then says the
 * settings changed, and the window changes language in place: whatever dialog or menu is open stays open.
 * `lang` is what <html> says once the window speaks it.
 */
export async function setLanguage(page: Page, language: LanguageSetting, lang: string): Promise<void> {
  const answer = await page.evaluate(async (language) => {
    const input = { language }
    const bridge = (window as { filedock?: { settings: { update(i: unknown): Promise<{ ok: boolean }> } } })
      .filedock
    if (bridge !== undefined) return bridge.settings.update(input)
    return new Promise<{ ok: boolean }>((resolve, reject) => {
      const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ipc`)
      ws.onopen = () => ws.send(JSON.stringify({ id: 1, channel: 'settings.update', input }))
      ws.onmessage = (m) => {
        const frame = JSON.parse(String(m.data)) as { id?: number; result?: { ok: boolean } }
        if (frame.id !== 1 || frame.result === undefined) return
        ws.close()
        resolve(frame.result)
      }
      ws.onerror = () => reject(new Error('the browser host’s socket refused the settings call'))
    })
  }, language)
  expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true })
  await expect(page.locator('html')).toHaveAttribute('lang', lang)
}

/**
 * Marks the live region's announcement on screen: said before a language switch, it keeps the words it was said
 * in (a screen reader has read it already), so the pseudo-locale scan skips it. Toasts are not marked: they are
 * worded when drawn, so a switch re-words them and the scan reads them.
 */
export async function markSaidBeforeSwitch(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('[data-testid="transfer-announcer"]'))
      el.setAttribute('data-said-before-switch', '')
  })
}
