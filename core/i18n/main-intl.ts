import type { IntlShape } from '@formatjs/intl'
import { type LanguageSetting, resolveLocale } from '../../shared/i18n/locales.ts'
import { intlFor } from './intl-for.ts'

export {
  englishIntl,
  environmentLanguages,
  intlFor,
  type MainText,
  plainMessages,
  type WrittenMessage,
} from './intl-for.ts'

/**
 * Main's one `intl`, for the active language: the `language` setting ('system': the languages the host gives,
 * `system`), rebuilt when the settings change (the caller forwards the `settings.changed` event to `refresh`).
 * Until a newly chosen catalogue has loaded, the previous language stays (never a mix of the two).
 */
export class MainIntl {
  private shown: IntlShape
  private pending: Promise<void> = Promise.resolve()

  private constructor(
    first: IntlShape,
    private readonly setting: () => LanguageSetting,
    private readonly system: readonly string[],
    private readonly log?: (line: string) => void,
  ) {
    this.shown = first
  }

  static async open(o: {
    setting: () => LanguageSetting
    system: readonly string[]
    log?: (line: string) => void
  }): Promise<MainIntl> {
    const first = await intlFor(resolveLocale(o.setting(), o.system), o.log)
    return new MainIntl(first, o.setting, o.system, o.log)
  }

  /** The intl of the language in effect now. */
  current(): IntlShape {
    return this.shown
  }

  /** Follows the setting: loads the language it names, if another, then switches to it. */
  refresh(): Promise<void> {
    const locale = resolveLocale(this.setting(), this.system)
    this.pending = this.pending.then(async () => {
      if (locale === this.shown.locale) return
      try {
        this.shown = await intlFor(locale, this.log)
      } catch (error) {
        this.log?.(`Filedock: the ${locale} messages could not be loaded: ${String(error)}`)
      }
    })
    return this.pending
  }

  /** Resolves once the last change of language has been applied (what shows main's text re-renders then). */
  settled(): Promise<void> {
    return this.pending
  }
}
