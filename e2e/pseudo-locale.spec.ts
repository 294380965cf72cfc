import { PSEUDO_LOCALE } from '../shared/i18n/locales.ts'
import { expect, test } from './fixtures.ts'
import { markSaidBeforeSwitch, setLanguage } from './language-helpers.ts'
import { type PseudoFinding, scanPseudo } from './pseudo-scan.ts'
import { walkEveryView } from './view-walk.ts'

/**
 * The pseudo-locale run (issue 20, item 2): every main view and dialog, walked as the accessibility run walks
 * them, is shown in en-XA and read. Any word of plain ASCII letters is text that never went through a catalogue
 * (e2e/pseudo-scan.ts says what may stand, and why); any label wider than its box is cut in a long language.
 * Every finding of the whole walk is reported at once.
 */
test('in the pseudo-locale no view shows text outside the catalogues, and no label is cut', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  test.setTimeout(300_000)
  const found: PseudoFinding[] = []
  await walkEveryView({ page, host, sandbox, tmp }, async (view) => {
    await markSaidBeforeSwitch(page)
    await setLanguage(page, PSEUDO_LOCALE, PSEUDO_LOCALE)
    found.push(...(await scanPseudo(page, view)))
    // The walk finds its way by the English names.
    await setLanguage(page, 'en', 'en')
  })
  const report = found.map((f) => `${f.view} · ${f.kind} · “${f.text}” · ${f.where}`)
  expect(report, `${report.length} findings:\n${report.join('\n')}`).toEqual([])
})
