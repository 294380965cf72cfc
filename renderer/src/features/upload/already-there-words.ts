import type { AlreadyThereCount, AlreadyTherePlace } from '../../../../shared/queue.ts'
import { formatCount, formatNumber } from '../../lib/format.ts'
import { folderPathLabel } from '../files/details-labels.ts'

/** What the "already there" question says: which files, and where they really are. */
export interface AlreadyThereWords {
  /** "All 4 files of this drop are already in My files/Photos/album/… (2 folders)". */
  sentence: string
  /** Each folder with its count when there are several ("My files/Photos/album · 2 files"); else empty. */
  folders: string[]
}

/**
 * Names the folders the files are in, not the folder the drop went to (a dropped folder's files are in that
 * folder and the folders in it): one folder by its path; several within one (a dropped tree) as that folder's
 * path with "…" and how many; folders apart (several dropped folders, several accounts) as "N folders". Each
 * folder is listed whenever there are several. The account is named only when the drop went to several.
 */
export function alreadyThereWords(
  count: AlreadyThereCount,
  accountLabel: (accountId: string) => string,
): AlreadyThereWords {
  const { places } = count
  const accounts = new Set(places.map((p) => p.accountId))
  const label = (p: AlreadyTherePlace) =>
    `${folderPathLabel(p.folderPath)}${accounts.size > 1 ? ` on ${accountLabel(p.accountId)}` : ''}`
  const all = count.alreadyThere === count.files
  const what = all
    ? count.files === 1
      ? 'This file is'
      : `All ${formatCount(count.files, 'file')} of this drop are`
    : `${formatNumber(count.alreadyThere)} of the ${formatCount(count.files, 'file')} of this drop are`
  return {
    sentence: `${what} already in ${where(places, label)}`,
    folders: places.length > 1 ? places.map((p) => `${label(p)} · ${formatCount(p.files, 'file')}`) : [],
  }
}

function where(places: readonly AlreadyTherePlace[], label: (p: AlreadyTherePlace) => string): string {
  const [first] = places
  if (!first) return 'their folders'
  if (places.length === 1) return label(first)
  const top = places.reduce((a, b) => (depth(b) < depth(a) ? b : a))
  const within = places.every(
    (p) => p.accountId === top.accountId && (p === top || isInside(p.folderPath, top.folderPath)),
  )
  return within
    ? `${label(top)}/… (${formatCount(places.length, 'folder')})`
    : formatCount(places.length, 'folder')
}

function depth(p: AlreadyTherePlace): number {
  return p.folderPath === '' ? 0 : p.folderPath.split('/').length
}

function isInside(path: string, folder: string): boolean {
  return folder === '' || path.startsWith(`${folder}/`)
}
