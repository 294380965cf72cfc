import type { ComponentProps } from 'react'
import { useIntl } from 'react-intl'
import { checkFolderName } from './folder-name.ts'
import { NameField } from './NameField.tsx'

type FolderNameFieldProps = Omit<ComponentProps<typeof NameField>, 'check'> & {
  /** The folders beside the new name, as the tree has them when the name is checked. */
  siblings: () => readonly { fldId: number; name: string }[]
  parentName: string
  /** The folder being renamed (its own name is no clash); null for a new folder. */
  self: number | null
}

/**
 * A host folder's name typed in place, checked by the contract's name rule (folder-name.ts). A file of its own so
 * the rule's zod loads after the window's first paint (tree-editing.tsx imports this through afterFirstPaint).
 */
export function FolderNameField({ siblings, parentName, self, ...field }: FolderNameFieldProps) {
  const intl = useIntl()
  return (
    <NameField {...field} check={(typed) => checkFolderName(typed, siblings(), parentName, intl, self)} />
  )
}
