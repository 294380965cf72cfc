import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../shared/i18n/locales.ts'

const root = join(import.meta.dirname, '..')
const catalogue = (locale: string): Record<string, string> =>
  JSON.parse(readFileSync(join(root, 'shared/i18n/messages', `${locale}.json`), 'utf8'))

describe('the message catalogues', () => {
  it('en.json and en-XA.json are what the code says, and every language has every id, with the same placeholders', async () => {
    const check = await promisify(execFile)(process.execPath, [join(root, 'scripts/i18n.mjs'), '--check'], {
      cwd: root,
    }).then(
      () => null,
      (err: { stdout: string; stderr: string }) => `${err.stdout}${err.stderr}`,
    )
    expect(check).toBeNull()
  }, 60_000)

  it('ids say where a message belongs (area.what, lower camel case)', () => {
    const ids = Object.keys(catalogue('en'))
    expect(ids.length).toBeGreaterThan(0)
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/.test(id))).toEqual([])
  })

  describe.each(LOCALES)('%s', (locale) => {
    const messages = catalogue(locale)
    const needed = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
    const ordinalsNeeded = new Intl.PluralRules(locale, { type: 'ordinal' }).resolvedOptions()
      .pluralCategories

    it('every message parses as ICU, and is not left empty', () => {
      const broken = Object.entries(messages).flatMap(([id, text]) => {
        if (text.trim() === '') return [`${id}: empty`]
        try {
          parse(text)
          return []
        } catch (err) {
          return [`${id}: ${(err as Error).message}`]
        }
      })
      expect(broken).toEqual([])
    })

    it(`every plural has each form the language needs (${needed.join(', ')})`, () => {
      const missing = Object.entries(messages).flatMap(([id, text]) =>
        pluralsIn(parse(text)).flatMap((p) => {
          const forms = new Set(Object.keys(p.options))
          const want = p.ordinal ? ordinalsNeeded : needed
          const lacking = want.filter((c) => !forms.has(c))
          return lacking.length > 0 ? [`${id} {${p.value}}: no ${lacking.join(', ')}`] : []
        }),
      )
      expect(missing).toEqual([])
    })
  })
})

type Plural = { value: string; ordinal: boolean; options: Record<string, { value: MessageFormatElement[] }> }

function pluralsIn(elements: MessageFormatElement[]): Plural[] {
  return elements.flatMap((el): Plural[] => {
    if (el.type === TYPE.plural)
      return [
        { value: el.value, ordinal: el.pluralType === 'ordinal', options: el.options },
        ...Object.values(el.options).flatMap((o) => pluralsIn(o.value)),
      ]
    if (el.type === TYPE.select) return Object.values(el.options).flatMap((o) => pluralsIn(o.value))
    if (el.type === TYPE.tag) return pluralsIn(el.children)
    return []
  })
}
