import { windowIntl } from '../i18n/window-intl.ts'
import type { Words } from '../i18n/words.ts'

/**
 * A failure of the window's own whose words are written each time it is shown (errorMessage), not when it
 * happened: an undo's failure sits in a toast that a change of language re-words, and words fixed at the
 * failure would stay in the language of that moment. `message` is those words as they read at the failure, for
 * logs and anything that reads a plain Error.
 */
export class WordedError extends Error {
  constructor(private readonly words: Words) {
    super(words(windowIntl()))
    this.name = 'WordedError'
  }

  /** The failure in the window's language of now. */
  wordedNow(): string {
    return this.words(windowIntl())
  }
}
