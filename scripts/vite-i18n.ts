import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import { type MessageFormatElement, parse } from '@formatjs/icu-messageformat-parser'
import { type Plugin, parseAst } from 'vite'

/**
 * The window formats only precompiled messages, so its bundle carries no ICU parser (FormatJS's no-parser build
 * stands in for it, ~27 kB of the main chunk). The catalogues stay the JSON translators edit
 * (shared/i18n/messages/<locale>.json); the window imports them compiled, at build time, here.
 */
export const PARSER = '@formatjs/icu-messageformat-parser'

/** The parser's build without `parse`: what react-intl and intl-messageformat import in the window. */
export function parserFree(): { find: RegExp; replacement: string } {
  const require = createRequire(import.meta.url)
  return {
    find: /^@formatjs\/icu-messageformat-parser$/,
    replacement: require.resolve(`${PARSER}/no-parser.js`),
  }
}

export type CompiledCatalogue = Record<string, MessageFormatElement[]>

/**
 * A catalogue's messages as the ASTs intl-messageformat would have parsed at run time: the same parser, with
 * the options it passes (the message's locale, which decides the hour cycle of a `j` date skeleton). Messages
 * already compiled (en-XA, generated as ASTs by formatjs) pass through.
 */
export function compileCatalogue(
  messages: Record<string, string | MessageFormatElement[]>,
  locale: string,
): CompiledCatalogue {
  const [supported] = Intl.NumberFormat.supportedLocalesOf(locale)
  const options = { locale: new Intl.Locale(supported ?? locale) }
  return Object.fromEntries(
    Object.entries(messages).map(([id, message]) => {
      if (typeof message !== 'string') return [id, message]
      try {
        return [id, parse(message, options)]
      } catch (error) {
        throw new Error(`${locale}.json: ${id} is not ICU MessageFormat: ${(error as Error).message}`)
      }
    }),
  )
}

const CATALOGUE = /[\\/]shared[\\/]i18n[\\/]messages[\\/]([^\\/]+)\.json$/
const COMPILED = '\0compiled-catalogue:'

/**
 * Whether a module is the compiled catalogue of `locale`: the build's budget counts the default language's, which
 * the window waits for before its first paint (scripts/vite-chunk-budget.ts).
 */
export function isCatalogueOf(locale: string): (moduleId: string) => boolean {
  return (id) => id.startsWith(COMPILED) && CATALOGUE.exec(`${id}.json`)?.[1] === locale
}

/**
 * Imports of shared/i18n/messages/<locale>.json become modules of that catalogue's ASTs (each still a chunk of
 * its own, loaded when its language is chosen). A virtual module, so Vite's JSON handling never sees it; the
 * JSON file stays watched, so a translator's edit reloads in `vite` dev.
 */
export function precompiledCatalogues(): Plugin {
  return {
    name: 'filedock:precompiled-catalogues',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer === undefined || !CATALOGUE.test(source)) return null
      // Without the .json, which Vite's JSON plugin would otherwise take as its own, virtual or not.
      return `${COMPILED}${resolve(dirname(importer), source).replace(/\.json$/, '')}`
    },
    load(id) {
      if (!id.startsWith(COMPILED)) return null
      const file = `${id.slice(COMPILED.length)}.json`
      const locale = CATALOGUE.exec(file)?.[1] ?? 'en'
      this.addWatchFile(file)
      const compiled = compileCatalogue(JSON.parse(readFileSync(file, 'utf8')), locale)
      // JSON.parse of a string literal: quicker to load than the same data as an object literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))})`
    },
  }
}

/** A descriptor's English as the code wrote it, found by englishInCode. */
export interface CodeEnglish {
  id: string
  text: string
  /** Where it is in the module's source: [start, end) of the `defaultMessage` property or attribute. */
  start: number
  end: number
}

type Node = { type: string; start: number; end: number; [key: string]: unknown }

const isNode = (v: unknown): v is Node =>
  typeof v === 'object' && v !== null && typeof (v as Node).type === 'string'

/** A literal string's value (a template literal without placeholders counts), else undefined. */
function stringOf(node: unknown): string | undefined {
  if (!isNode(node)) return undefined
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0)
    return ((node.quasis as { value: { cooked: string } }[])[0] as { value: { cooked: string } }).value.cooked
  if (node.type === 'JSXExpressionContainer') return stringOf(node.expression)
  return undefined
}

function keyOf(node: Node): string | undefined {
  const key = node.type === 'Property' ? node.key : node.type === 'JSXAttribute' ? node.name : undefined
  if (!isNode(key)) return undefined
  if (key.type === 'Identifier' || key.type === 'JSXIdentifier') return key.name as string
  return stringOf(key)
}

/**
 * Every message descriptor in a module whose id and English are literals: `{ id: '…', defaultMessage: '…' }`
 * (defineMessages, formatMessage) and `<FormattedMessage id="…" defaultMessage="…" />`.
 */
export function englishInCode(code: string, lang: 'ts' | 'tsx'): CodeEnglish[] {
  const found: CodeEnglish[] = []
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const v of value) visit(v)
      return
    }
    if (!isNode(value)) return
    const members =
      value.type === 'ObjectExpression'
        ? (value.properties as Node[])
        : value.type === 'JSXOpeningElement'
          ? (value.attributes as Node[])
          : null
    if (members !== null) {
      const id = members.find((m) => keyOf(m) === 'id')
      const english = members.find((m) => keyOf(m) === 'defaultMessage')
      const idText = stringOf(id?.value)
      const text = english && stringOf(english.value)
      if (english && idText !== undefined && text !== undefined)
        found.push({ id: idText, text, start: english.start, end: english.end })
    }
    for (const [key, child] of Object.entries(value)) if (key !== 'type') visit(child)
  }
  visit(parseAst(code, { lang }))
  return found
}

/**
 * The code's English, out of the window's bundle: the window formats English from its compiled catalogue
 * (en.json, extracted from these very descriptors), and without a parser a defaultMessage could not be
 * formatted anyway. Each `defaultMessage` is blanked to spaces of its length (and its comma, so the object or
 * the JSX stays valid), which keeps every position and so the source maps. The build fails if any English so
 * removed is not, word for word, en.json's: the window would no longer say what the code says.
 */
export function englishFromCatalogue(enJson: string): Plugin {
  let en: Record<string, string> = {}
  const mismatches: string[] = []
  return {
    name: 'filedock:english-from-catalogue',
    enforce: 'pre',
    buildStart() {
      en = JSON.parse(readFileSync(enJson, 'utf8'))
      mismatches.length = 0
    },
    transform(code, id) {
      const lang = /\.tsx$/.test(id) ? 'tsx' : /\.ts$/.test(id) ? 'ts' : null
      // The window's own code only: shared/ reads a defaultMessage as text here and there (actionOf).
      if (lang === null || !RENDERER.test(id) || !code.includes('defaultMessage')) return null
      const found = englishInCode(code, lang)
      if (found.length === 0) return null
      let out = code
      for (const d of found) {
        if (en[d.id] !== d.text) mismatches.push(`${d.id} in ${id}`)
        out = blank(out, d.start, d.end)
      }
      return { code: out, map: null }
    },
    buildEnd() {
      if (mismatches.length > 0)
        this.error(
          `the code's English differs from en.json (run node scripts/i18n.mjs): ${mismatches.join(', ')}`,
        )
    },
  }
}

const RENDERER = /[\\/]renderer[\\/]src[\\/]/

/** Spaces over [start, end) and one comma after it (a property's), newlines kept. */
export function blank(code: string, start: number, end: number): string {
  let stop = end
  while (stop < code.length && /\s/.test(code[stop] as string)) stop++
  if (code[stop] === ',') stop++
  else stop = end
  return code.slice(0, start) + code.slice(start, stop).replace(/[^\n]/g, ' ') + code.slice(stop)
}
