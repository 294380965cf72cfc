import type { IntlShape } from 'react-intl'
import { entryName } from '../../../../shared/ipc/fields.ts'

export type NameCheck = { ok: true; name: string } | { ok: false; message: string }

/**
 * A folder name as typed in place, checked before anything is sent: the shared field rule (the same words the
 * contract would answer with), then the folder's siblings. The host accepts two folders of one name side by side,
 * but a careful client does not make them: a repeated Enter, or a second window creating the same folder, would
 * leave two folders nobody can tell apart. `self` is the folder being renamed (its own name is no clash).
 */
export function checkFolderName(
  typed: string,
  siblings: readonly { fldId: number; name: string }[],
  parentName: string,
  intl: IntlShape,
  self: number | null = null,
): NameCheck {
  const parsed = entryName.safeParse(typed)
  if (!parsed.success)
    return {
      ok: false,
      message:
        parsed.error.issues[0]?.message ??
        intl.formatMessage({ id: 'folders.name.invalid', defaultMessage: 'Name is not valid' }),
    }
  const name = parsed.data
  if (siblings.some((f) => f.fldId !== self && f.name === name))
    return {
      ok: false,
      message: intl.formatMessage(
        { id: 'folders.name.taken', defaultMessage: '“{parent}” already has a folder named “{name}”' },
        { parent: parentName, name },
      ),
    }
  return { ok: true, name }
}
