import { defineMessages } from '@formatjs/intl'
import type { ClonedFile } from '../../../shared/api/types.ts'
import { isFiledockError } from '../../../shared/errors.ts'
import { causeValues } from '../../../shared/i18n/cause-values.ts'
import { translatedError } from '../../../shared/i18n/error-text.ts'
import type { CloneNames } from '../../../shared/ipc/settings.ts'
import type { ApiClient } from '../../api/client.ts'
import { copyName, copyStem } from './clone-name.ts'

/** Names already taken are looked up this many at a time, and at most this many pages (10,000 similar names). */
const PAGE = 500
const MAX_PAGES = 20

export interface NamedClone {
  clone: ClonedFile
  /** The copy's new name; null when it kept the original's (the 'same' setting). */
  renamed: string | null
}

/**
 * file/clone, then (unless the user chose to keep names) a rename of the copy to "name (copy).ext", "name
 * (copy 2).ext"… The spec does not show where a copy lands (the sandbox puts it in the root), so names are
 * kept distinct across the whole account: every file whose name contains the stem is looked at.
 */
export async function cloneNamed(client: ApiClient, fileCode: string, mode: CloneNames): Promise<NamedClone> {
  if (mode === 'same') return { clone: await client.fileClone(fileCode), renamed: null }
  const [info] = await client.fileInfo([fileCode])
  if (!info?.found) {
    throw translatedError({ kind: 'not_found' }, TEXT.gone)
  }
  const clone = await client.fileClone(fileCode)
  const name = copyName(info.name, [info.name, ...(await namesLike(client, copyStem(info.name)))])
  try {
    await client.fileRename(clone.fileCode, name)
  } catch (error) {
    if (!isFiledockError(error)) throw error
    // The copy exists: saying "not copied" would make the user copy again and get a second one.
    // The rename's own words go in as its cause, worded in the reader's language when they have an id.
    throw translatedError(
      { kind: error.kind, ...(error.operation !== undefined ? { operation: error.operation } : {}) },
      TEXT.notRenamed,
      { ...causeValues(error), original: info.name, copy: name },
    )
  }
  return { clone, renamed: name }
}

async function namesLike(client: ApiClient, stem: string): Promise<string[]> {
  const names: string[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const list = await client.fileList({ name: stem, page, perPage: PAGE })
    names.push(...list.files.map((f) => f.name))
    if (list.files.length < PAGE) break
  }
  return names
}

const TEXT = defineMessages({
  gone: { id: 'errors.clone.gone', defaultMessage: 'The file to copy is no longer on the host.' },
  notRenamed: {
    id: 'errors.clone.notRenamed',
    defaultMessage:
      "Copied “{original}”, but could not name the copy “{copy}” ({cause}); it has the original's name.",
  },
})
