// Main's messages without the language matcher (shared/i18n/locales.ts resolveLocale, which brings zod): what the
// CLI loads to speak, so its help and lines start light. main-intl.ts adds the shell's MainIntl on top.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser'
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl'
import type { Locale } from '../../shared/i18n/locales.ts'

// Declaring messages needs no intl (written-message.ts); what imports them from here keeps doing so.
export { plainMessages, type WrittenMessage } from './written-message.ts'

type Catalogue = Record<string, string> | Record<string, MessageFormatElement[]>

/**
 * The catalogues the window reads too (shared/i18n/messages), each loaded when its language is first chosen: a
 * Spanish session reads one file, an English one none (English is each message's defaultMessage in the code).
 */
const loaders: Record<Locale, () => Promise<Catalogue>> = {
  en: async () => ({}),
  es: () => import('../../shared/i18n/messages/es.json', { with: { type: 'json' } }).then((m) => m.default),
  'pt-BR': () =>
    import('../../shared/i18n/messages/pt-BR.json', { with: { type: 'json' } }).then((m) => m.default),
  tr: () => import('../../shared/i18n/messages/tr.json', { with: { type: 'json' } }).then((m) => m.default),
  id: () => import('../../shared/i18n/messages/id.json', { with: { type: 'json' } }).then((m) => m.default),
  ar: () => import('../../shared/i18n/messages/ar.json', { with: { type: 'json' } }).then((m) => m.default),
  'en-XA': () =>
    import('../../shared/i18n/messages/en-XA.json', { with: { type: 'json' } }).then(
      (m) => m.default as unknown as Record<string, MessageFormatElement[]>,
    ),
}

const cache = createIntlCache()

/** English, at hand without loading anything: for what speaks before the user's language is known. */
export const englishIntl: IntlShape = createIntl(
  { locale: 'en', defaultLocale: 'en', messages: {}, onError: () => undefined },
  cache,
)

/** Where main's shell reads its words: the intl of the language in effect at the time of asking. */
export type MainText = () => IntlShape

/** Main's messages in one language (tray, notifications, dialogs, the CLI's lines). */
export async function intlFor(locale: Locale, log?: (line: string) => void): Promise<IntlShape> {
  const messages = await loaders[locale]()
  return createIntl(
    {
      locale,
      defaultLocale: 'en',
      messages,
      onError: (err) => {
        // English has no catalogue by design; elsewhere a missing message is a defect the checks should catch
        // (its English is shown meanwhile).
        if (err.code === 'MISSING_TRANSLATION' && locale === 'en') return
        log?.(`Filedock: [intl ${locale}] ${err.code}: ${err.message}`)
      },
    },
    cache,
  )
}

/**
 * The system's languages, best first, where there is no OS list to ask (the browser host's main, the CLI): the
 * POSIX environment (LC_ALL, then LC_MESSAGES, then LANG, as gettext reads them; LANGUAGE's list first when one
 * of them names a language), then the runtime's own default.
 */
export function environmentLanguages(env: NodeJS.ProcessEnv): string[] {
  const chosen = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '')
  const named = chosen !== undefined && chosen !== 'C' && chosen !== 'POSIX'
  const list = named && env.LANGUAGE ? env.LANGUAGE.split(':').filter((l) => l !== '') : []
  return [...list, ...(chosen !== undefined ? [chosen] : []), Intl.DateTimeFormat().resolvedOptions().locale]
}
