import { lazy } from '../lazy.ts'

/**
 * The languages Filedock speaks. English is the source (the `defaultMessage` of each message in the code, extracted
 * into messages/en.json); the others are translated catalogues of the same ids (messages/<locale>.json), checked
 * complete by the test command (`formatjs verify`, scripts/i18n.mjs).
 */
export const LOCALES = ['en', 'es', 'pt-BR', 'tr', 'id', 'ar'] as const

/** The language of the code and of a window whose languages Filedock does not speak. */
export const DEFAULT_LOCALE = 'en'

/**
 * The pseudo-locale: English accented and bracketed (FormatJS's en-XA, generated from en.json, never edited). A
 * string shown without accents was never put in a catalogue; a label cut in en-XA would be cut in a long language.
 * Chosen through settings like any language, but not offered in the Settings list.
 */
export const PSEUDO_LOCALE = 'en-XA'

export type Locale = (typeof LOCALES)[number] | typeof PSEUDO_LOCALE

/** Each language in its own words: a person who cannot read the current one still finds theirs. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  tr: 'Türkçe',
  id: 'Bahasa Indonesia',
  ar: 'العربية',
  'en-XA': 'Pseudo (en-XA)',
}

/** 'system' follows the OS's preferred languages; a locale fixes one. (settings.ts parses it from this list.) */
export const LANGUAGE_SETTINGS = ['system', ...LOCALES, PSEUDO_LOCALE] as const
export type LanguageSetting = (typeof LANGUAGE_SETTINGS)[number]

const RTL = new Set<Locale>(['ar'])

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RTL.has(locale) ? 'rtl' : 'ltr'
}

/**
 * Languages whose speakers read one of Filedock's better than English: CLDR's language matching data (what
 * @formatjs/intl-localematcher reads) for the languages Filedock speaks, Catalan or Basque → Spanish, Javanese or
 * Malay → Indonesian, and the Arabic of each region (which CLDR names one by one). locales.test.ts checks the
 * list against that matcher for every language code.
 */
const NEAR: Readonly<Record<string, Locale>> = {
  ...Object.fromEntries(['ay', 'ca', 'eu', 'gl', 'gn', 'qu'].map((l) => [l, 'es'])),
  ...Object.fromEntries(['jv', 'ms', 'su'].map((l) => [l, 'id'])),
  ku: 'tr',
  ...Object.fromEntries(
    'aao abh abv acm acq acw acx acy adf aeb aec afb apc apd arq ars ary arz auz avl ayh ayl ayn ayp bbz ckb pga shu ssh'
      .split(' ')
      .map((l) => [l, 'ar']),
  ),
}

/** A BCP 47 tag's language and script, its likely script when it names none (Chromium and Node know them). */
function languageOf(tag: string): { language: string; script: string | undefined } {
  const max = new Intl.Locale(tag).maximize()
  return { language: max.language, script: max.script }
}

type Spoken = { locale: Locale } & ReturnType<typeof languageOf>

/**
 * Filedock's languages with their language and script, read at the first language resolved, not when this module
 * loads: Intl.Locale starts ICU (~10 ms), and what imports the settings' types (every `filedock upload`) resolves
 * no language.
 */
const spokenLocales = lazy((): readonly Spoken[] =>
  LOCALES.map((locale) => ({ locale, ...languageOf(locale) })),
)

/**
 * The language to use for a setting and the system's preferred languages (BCP 47, best first): the first of them
 * Filedock speaks in any region (pt-PT and pt find pt-BR, es-MX finds es), else the first near one (NEAR: ca finds
 * es), else English; a language has to be in its usual script (tr-Arab is not Turkish as written here). Tags
 * Intl cannot read ("C", "en_US.UTF-8" from a POSIX environment) are normalised first or skipped, never thrown on.
 *
 * Decision: this small rule rather than CLDR's full matcher (@formatjs/intl-localematcher, 23 kB and its tables
 * in the window before its first paint, where the language is chosen). The two agree on every single language
 * (the test checks all codes); on a list, CLDR also weighs how far down a language is, so five languages before
 * English after Catalan give Spanish there and English here, a case no OS settings screen makes.
 */
export function resolveLocale(setting: LanguageSetting, system: readonly string[]): Locale {
  if (setting !== 'system') return setting
  const tags = system.flatMap((tag) => {
    const bcp = tag.split('.')[0]?.split('@')[0]?.replace('_', '-') ?? ''
    try {
      return bcp && bcp !== 'C' && bcp !== 'POSIX'
        ? [languageOf(Intl.getCanonicalLocales(bcp)[0] as string)]
        : []
    } catch {
      return []
    }
  })
  const first = (is: (s: Spoken, t: (typeof tags)[number]) => boolean) => {
    for (const t of tags) {
      const found = spokenLocales().find((s) => s.script === t.script && is(s, t))
      if (found !== undefined) return found.locale
    }
    return undefined
  }
  return (
    first((s, t) => s.language === t.language) ??
    first((s, t) => s.locale === NEAR[t.language]) ??
    DEFAULT_LOCALE
  )
}

/**
 * The locale dates, numbers and sizes are written in: the language's, in the user's region when the OS lists one
 * for that language (English in en-GB writes "27 Nov 2026"; Spanish chosen on an en-US system writes "27 nov
 * 2026"). The pseudo-locale formats as English.
 */
export function regionalFormatsFor(locale: Locale, system: readonly string[]): string {
  const language = locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale
  const base = language.split('-')[0]
  for (const tag of system) {
    try {
      const [canonical] = Intl.getCanonicalLocales(tag.replace('_', '-'))
      if (canonical !== undefined && canonical.split('-')[0] === base)
        return language.includes('-') ? language : canonical
    } catch {
      // A tag Intl cannot read says nothing about the region.
    }
  }
  return language
}
