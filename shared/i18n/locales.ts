import { match } from '@formatjs/intl-localematcher'
import { z } from 'zod'

/**
 * The languages Filedock speaks. English is the source (the `defaultMessage` of each message in the code, extracted
 * into messages/en.json); the others are translated catalogues of the same ids (messages/<locale>.json), checked
 * complete by the test command (`formatjs verify`, scripts/i18n.mjs).
 */
export const LOCALES = ['en', 'es', 'pt-BR', 'tr', 'id', 'ar'] as const

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

/** 'system' follows the OS's preferred languages; a locale fixes one. */
export const languageSettingSchema = z.enum(['system', ...LOCALES, PSEUDO_LOCALE])
export type LanguageSetting = z.infer<typeof languageSettingSchema>

const RTL = new Set<Locale>(['ar'])

export function directionOf(locale: Locale): 'ltr' | 'rtl' {
  return RTL.has(locale) ? 'rtl' : 'ltr'
}

/**
 * The language to use for a setting and the system's preferred languages (BCP 47, best first): the nearest one
 * Filedock has (pt-PT and pt find pt-BR, es-MX finds es), English when none is near. Tags the matcher cannot read
 * ("C", "en_US.UTF-8" from a POSIX environment) are normalised first or skipped, never thrown on.
 */
export function resolveLocale(setting: LanguageSetting, system: readonly string[]): Locale {
  if (setting !== 'system') return setting
  const tags = system.flatMap((tag) => {
    const bcp = tag.split('.')[0]?.split('@')[0]?.replace('_', '-') ?? ''
    try {
      return bcp && bcp !== 'C' && bcp !== 'POSIX' ? Intl.getCanonicalLocales(bcp) : []
    } catch {
      return []
    }
  })
  return match(tags, LOCALES, 'en') as Locale
}

/**
 * The locale dates, numbers and sizes are written in: the language's, in the user's region when the OS lists one
 * for that language (English in en-GB writes "27 Nov 2026"; Spanish chosen on an en-US system writes "27 nov
 * 2026"). The pseudo-locale formats as English.
 */
export function regionalFormatsFor(locale: Locale, system: readonly string[]): string {
  const language = locale === PSEUDO_LOCALE ? 'en' : locale
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
