import { defineMessages, type IntlShape } from 'react-intl'
import type { AlreadyThereCount, AlreadyTherePlace } from '../../../../shared/queue.ts'
import { descriptors } from '../../i18n/descriptors.ts'
import { placeName } from '../folders/folder-words.ts'

/** What the "already there" question says: which files, and where they really are. */
export interface AlreadyThereWords {
  /** "All 4 files of this drop are already in My files/Photos/album/… (2 folders)". */
  sentence: string
  /** Each folder with its count when there are several ("My files/Photos/album · 2 files"); else empty. */
  folders: string[]
}

const m = descriptors(
  defineMessages({
    all: {
      id: 'upload.alreadyThere.all',
      defaultMessage:
        '{files, plural, one {This file is already in {where}} other {All # files of this drop are already in {where}}}',
    },
    some: {
      id: 'upload.alreadyThere.some',
      defaultMessage:
        '{there, plural, one {# of the {files, number} files of this drop are already in {where}} other {# of the {files, number} files of this drop are already in {where}}}',
    },
    onAccount: { id: 'upload.alreadyThere.onAccount', defaultMessage: '{folder} on {account}' },
    folderCount: {
      id: 'upload.alreadyThere.folderCount',
      defaultMessage: '{folder} · {files, plural, one {# file} other {# files}}',
    },
    theirFolders: { id: 'upload.alreadyThere.theirFolders', defaultMessage: 'their folders' },
    within: {
      id: 'upload.alreadyThere.within',
      defaultMessage: '{folder}/… ({count, plural, one {# folder} other {# folders}})',
    },
    apart: {
      id: 'upload.alreadyThere.apart',
      defaultMessage: '{count, plural, one {# folder} other {# folders}}',
    },
  }),
)

/**
 * Names the folders the files are in, not the folder the drop went to (a dropped folder's files are in that
 * folder and the folders in it): one folder by its path; several within one (a dropped tree) as that folder's
 * path with "…" and how many; folders apart (several dropped folders, several accounts) as "N folders". Each
 * folder is listed whenever there are several. The account is named only when the drop went to several.
 */
export function alreadyThereWords(
  intl: IntlShape,
  count: AlreadyThereCount,
  accountLabel: (accountId: string) => string,
): AlreadyThereWords {
  const say = intl.formatMessage
  const { places } = count
  const accounts = new Set(places.map((p) => p.accountId))
  const label = (p: AlreadyTherePlace) =>
    accounts.size > 1
      ? say(m.onAccount, { folder: placeName(p.folderPath, intl), account: accountLabel(p.accountId) })
      : placeName(p.folderPath, intl)
  const where = whereWords(intl, places, label)
  const all = count.alreadyThere === count.files
  return {
    sentence: all
      ? say(m.all, { files: count.files, where })
      : say(m.some, { there: count.alreadyThere, files: count.files, where }),
    folders:
      places.length > 1 ? places.map((p) => say(m.folderCount, { folder: label(p), files: p.files })) : [],
  }
}

function whereWords(
  intl: IntlShape,
  places: readonly AlreadyTherePlace[],
  label: (p: AlreadyTherePlace) => string,
): string {
  const [first] = places
  if (!first) return intl.formatMessage(m.theirFolders)
  if (places.length === 1) return label(first)
  const top = places.reduce((a, b) => (depth(b) < depth(a) ? b : a))
  const within = places.every(
    (p) => p.accountId === top.accountId && (p === top || isInside(p.folderPath, top.folderPath)),
  )
  return within
    ? intl.formatMessage(m.within, { folder: label(top), count: places.length })
    : intl.formatMessage(m.apart, { count: places.length })
}

function depth(p: AlreadyTherePlace): number {
  return p.folderPath === '' ? 0 : p.folderPath.split('/').length
}

function isInside(path: string, folder: string): boolean {
  return folder === '' || path.startsWith(`${folder}/`)
}
