import type { IntlShape } from 'react-intl'
import { localFolderName } from '../../../../shared/ipc/local-folders-contract.ts'
import type { NameCheck } from '../folders/folder-name.ts'

/** A folder inside `parent`, in the separator the machine's paths use (a Windows path has backslashes). */
export function joinPath(parent: string, name: string): string {
  const sep = parent.includes('\\') && !parent.includes('/') ? '\\' : '/'
  return parent.endsWith(sep) ? `${parent}${name}` : `${parent}${sep}${name}`
}

/** A new local folder's name, by the contract's rule (main checks it again), then against the folder's others. */
export function checkLocalName(intl: IntlShape, typed: string, siblings: readonly string[]): NameCheck {
  const parsed = localFolderName.safeParse(typed)
  // The contract's own words (shared/ipc, main's messages) when it has them.
  if (!parsed.success)
    return {
      ok: false,
      message:
        parsed.error.issues[0]?.message ??
        intl.formatMessage({ id: 'localFolders.name.invalid', defaultMessage: 'Name is not valid' }),
    }
  const name = parsed.data
  if (siblings.includes(name))
    return {
      ok: false,
      message: intl.formatMessage(
        { id: 'localFolders.name.taken', defaultMessage: '“{name}” is already there' },
        { name },
      ),
    }
  return { ok: true, name }
}
