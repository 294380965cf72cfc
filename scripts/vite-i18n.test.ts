import { spawnSync } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createIntl, createIntlCache } from '@formatjs/intl'
import { parseAst } from 'vite'
import { describe, expect, it } from 'vitest'
import { LOCALES, PSEUDO_LOCALE } from '../shared/i18n/locales.ts'
import { blank, compileCatalogue, englishFromCatalogue, englishInCode } from './vite-i18n.ts'

const root = join(import.meta.dirname, '..')
const catalogue = async (locale: string) =>
  JSON.parse(await readFile(join(root, 'shared/i18n/messages', `${locale}.json`), 'utf8'))

describe('catalogues compiled at build time', () => {
  it.each([...LOCALES, PSEUDO_LOCALE])(
    '%s: each message is the AST the runtime would have parsed from its text',
    async (locale) => {
      const messages = await catalogue(locale)
      const compiled = compileCatalogue(messages, locale)
      // What formatMessage does with a message's text: intl-messageformat parses it for the intl's locale.
      const intl = createIntl({ locale, messages: {} }, createIntlCache())
      const atRunTime = Object.fromEntries(
        Object.entries(messages).map(([id, text]) => [
          id,
          intl.formatters.getMessageFormat(text as string, locale).getAst(),
        ]),
      )
      expect(Object.keys(compiled).length).toBeGreaterThan(800)
      expect(compiled).toEqual(atRunTime)
    },
  )

  it('a message that is not ICU fails the build, naming it', () => {
    expect(() =>
      compileCatalogue({ 'files.ok': 'Fine', 'files.broken': 'Copied {count, plural,' }, 'es'),
    ).toThrow(/es\.json: files\.broken is not ICU/)
  })
})

describe('the code’s English', () => {
  const code = [
    "const m = defineMessages({ a: { id: 'x.a', defaultMessage: 'Copied {count} links', description: 'd' } })",
    'const n = intl.formatMessage({ id: `x.b`, defaultMessage: `Two\nlines` }, { v })',
    'const j = <FormattedMessage id="x.c" defaultMessage="Done" values={{ n }} />',
    "const k = { id: dynamic, defaultMessage: 'not a literal id' }",
  ].join('\n')

  it('is found in objects and JSX alike, by literal id', () => {
    expect(englishInCode(code, 'tsx').map((d) => [d.id, d.text])).toEqual([
      ['x.a', 'Copied {count} links'],
      ['x.b', 'Two\nlines'],
      ['x.c', 'Done'],
    ])
  })

  it('is blanked without moving anything: same length, same lines, still valid code', () => {
    let out = code
    for (const d of englishInCode(code, 'tsx')) out = blank(out, d.start, d.end)
    expect(out.length).toBe(code.length)
    expect(out.split('\n').length).toBe(code.split('\n').length)
    expect(out).not.toMatch(/Copied|Two|Done/)
    expect(out).toContain("defaultMessage: 'not a literal id'")
    expect(() => parseAst(out, { lang: 'tsx' })).not.toThrow()
    expect(englishInCode(out, 'tsx')).toEqual([])
  })

  it('fails the build when it differs from en.json', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'filedock-en-'))
    try {
      const en = join(dir, 'en.json')
      await import('node:fs/promises').then((fs) =>
        fs.writeFile(
          en,
          JSON.stringify({ 'x.a': 'Copied {count} links', 'x.b': 'Two\nlines', 'x.c': 'Finished' }),
        ),
      )
      const plugin = englishFromCatalogue(en)
      const context = {
        error: (message: string) => {
          throw new Error(message)
        },
      }
      const hook = <T>(h: unknown) => h as (this: typeof context, ...args: unknown[]) => T
      hook<void>(plugin.buildStart).call(context)
      const out = hook<{ code: string }>(plugin.transform).call(context, code, '/app/renderer/src/x.tsx')
      expect(out.code).not.toContain('Copied')
      expect(() => hook<void>(plugin.buildEnd).call(context)).toThrow(/x\.c in \/app\/renderer\/src\/x\.tsx/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('the built window', () => {
  it('has no message parser and no English of the code in its startup chunk; the English comes compiled', async () => {
    const out = await mkdtemp(join(tmpdir(), 'filedock-renderer-'))
    try {
      const built = spawnSync(
        join(root, 'node_modules/.bin/vite'),
        ['build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'],
        // As `npm run build` runs it: under vitest NODE_ENV is "test", which would build React's development code.
        { cwd: root, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
      )
      expect(built.status, built.stderr).toBe(0)
      const assets = join(out, 'assets')
      const js = (await readdir(assets)).filter((f) => f.endsWith('.js'))
      const code = Object.fromEntries(
        await Promise.all(js.map(async (f) => [f, await readFile(join(assets, f), 'utf8')] as const)),
      )
      // The parser's error names are in its code only (no-parser's one error is another sentence).
      for (const text of Object.values(code)) expect(text).not.toContain('EXPECT_ARGUMENT_CLOSING_BRACE')
      const main = Object.entries(code).find(([f]) => f.startsWith('index-'))?.[1] ?? ''
      const en = await catalogue('en')
      const plural = Object.values(en).find((t) => (t as string).includes(', plural,')) as string
      expect(main).not.toContain(JSON.stringify(plural).slice(1, -1))
      const english = Object.entries(code).find(([f]) => /^en-[\w-]{8}\.js$/.test(f))?.[1] ?? ''
      expect(english).toContain('"type":6') // a plural, as an AST
    } finally {
      await rm(out, { recursive: true, force: true })
    }
  }, 120_000)
})
