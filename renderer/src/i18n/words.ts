import type { IntlShape } from 'react-intl'

/**
 * Words for a person, written each time they are shown, in the window's language of that moment: what is kept
 * to be shown later (a toast on screen, an undo's label, the name of a verify run) follows a change of language,
 * instead of staying in the one it was first written in. Data in them (names, dates) goes in as values, formatted
 * when the words are.
 */
export type Words = (intl: IntlShape) => string
