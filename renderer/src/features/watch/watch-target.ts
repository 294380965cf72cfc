import type { IntlShape } from 'react-intl'
import type { WatchRule } from '../../../../shared/watch.ts'
import type { Crumb } from '../../state/ui-store.ts'
import { placeName } from '../folders/folder-words.ts'

/** A folder of an account as people read it: "My files", "My files/Photos/2024" (in the window's language). */
export function folderLabel(path: readonly Crumb[], intl: IntlShape): string {
  return placeName(
    path
      .slice(1)
      .map((c) => c.name)
      .join('/'),
    intl,
  )
}

/**
 * Where a rule sends its files, by the path chosen for it; a rule kept before paths were (or made by the CLI)
 * has only its folder's id.
 */
export function ruleTargetLabel(intl: IntlShape, rule: Pick<WatchRule, 'fldId' | 'folderPath'>): string {
  if (rule.folderPath !== undefined) return placeName(rule.folderPath, intl)
  return rule.fldId === 0
    ? placeName('', intl)
    : intl.formatMessage(
        { id: 'watch.target.folderId', defaultMessage: 'folder {id}' },
        { id: String(rule.fldId) },
      )
}
