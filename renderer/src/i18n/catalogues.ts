import type { MessageFormatElement } from 'react-intl'
import type { Locale } from '../../../shared/i18n/locales.ts'

/**
 * A language's messages as ASTs: the build compiles each catalogue (scripts/vite-i18n.ts), and the window's
 * react-intl has no parser to read message text with.
 */
export type Catalogue = Record<string, MessageFormatElement[]>

type Imported = { default: Record<string, string> | Record<string, unknown> }
const compiled = (m: Imported) => m.default as unknown as Catalogue

/**
 * Each language's messages, loaded when chosen (a chunk of its own: an English window loads none of the others).
 * English too: en.json is extracted from the code's defaultMessages (node scripts/i18n.mjs, checked by the test
 * command), and the code's defaultMessage text could not be formatted without the parser.
 */
const loaders: Record<Locale, () => Promise<Catalogue>> = {
  en: () => import('../../../shared/i18n/messages/en.json').then(compiled),
  es: () => import('../../../shared/i18n/messages/es.json').then(compiled),
  'pt-BR': () => import('../../../shared/i18n/messages/pt-BR.json').then(compiled),
  tr: () => import('../../../shared/i18n/messages/tr.json').then(compiled),
  id: () => import('../../../shared/i18n/messages/id.json').then(compiled),
  ar: () => import('../../../shared/i18n/messages/ar.json').then(compiled),
  'en-XA': () => import('../../../shared/i18n/messages/en-XA.json').then(compiled),
}

export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  return loaders[locale]()
}
