import type { MessageFormatElement } from 'react-intl'
import type { Locale } from '../../../shared/i18n/locales.ts'

export type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>

/**
 * Each language's messages, loaded when chosen (a chunk of its own: an English window loads none of the others).
 * English needs no catalogue: the code's defaultMessage is the English text, and en.json is extracted from it.
 */
const loaders: Record<Locale, () => Promise<Catalogue>> = {
  en: async () => ({}),
  es: () => import('../../../shared/i18n/messages/es.json').then((m) => m.default),
  'pt-BR': () => import('../../../shared/i18n/messages/pt-BR.json').then((m) => m.default),
  tr: () => import('../../../shared/i18n/messages/tr.json').then((m) => m.default),
  id: () => import('../../../shared/i18n/messages/id.json').then((m) => m.default),
  ar: () => import('../../../shared/i18n/messages/ar.json').then((m) => m.default),
  'en-XA': () =>
    import('../../../shared/i18n/messages/en-XA.json').then(
      (m) => m.default as unknown as Record<string, MessageFormatElement[]>,
    ),
}

export function loadCatalogue(locale: Locale): Promise<Catalogue> {
  return loaders[locale]()
}
