import type { IntlShape } from 'react-intl'
import type { WatchRule } from '../../../../shared/watch.ts'
import { type Crumb, ROOT } from '../../state/ui-store.ts'

/** A folder of an account as people read it: "My files", "My files/Photos/2024". */
export function folderLabel(path: readonly Crumb[]): string {
  return [ROOT.name, ...path.slice(1).map((c) => c.name)].join('/')
}

/**
 * Where a rule sends its files, by the path chosen for it; a rule kept before paths were (or made by the CLI)
 * has only its folder's id.
 */
export function ruleTargetLabel(intl: IntlShape, rule: Pick<WatchRule, 'fldId' | 'folderPath'>): string {
  if (rule.folderPath !== undefined)
    return rule.folderPath === '' ? ROOT.name : `${ROOT.name}/${rule.folderPath}`
  return rule.fldId === 0
    ? ROOT.name
    : intl.formatMessage(
        { id: 'watch.target.folderId', defaultMessage: 'folder {id}' },
        { id: String(rule.fldId) },
      )
}
