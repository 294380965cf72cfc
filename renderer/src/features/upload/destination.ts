import type { DropTarget } from '../../../../shared/queue.ts'
import { type Crumb, ROOT } from '../../state/ui-store.ts'

/**
 * Where an upload from the window goes, and how to say so. `targets` is the one shape the contract and the engine
 * take (shared/queue.ts): a folder per account, sent as it is.
 */
export interface Destination {
  targets: DropTarget[]
  /** Each target's folder for people, by account id: "Photos on Work". */
  labels: Readonly<Record<string, string>>
  /** The whole of it for people: "Photos on Work", "My files on Work, Backup". */
  label: string
}

/** One account's folder as the window knows it: the target, and the names people read. */
export interface NamedFolder extends DropTarget {
  folderName: string
  accountLabel: string
}

const labelOf = (f: NamedFolder) => `${f.folderName} on ${f.accountLabel}`
const targetOf = ({ accountId, fldId, folderPath }: NamedFolder): DropTarget =>
  folderPath === undefined ? { accountId, fldId } : { accountId, fldId, folderPath }

/** The destination of these folders, one per account, in the order given. */
export function destinationOf(folders: readonly NamedFolder[]): Destination {
  const targets = folders.map(targetOf)
  const labels = Object.fromEntries(folders.map((f) => [f.accountId, labelOf(f)]))
  // One folder name everywhere (the roots, say) reads as "My files on Work, Backup".
  const names = new Set(folders.map((f) => f.folderName))
  const label =
    names.size === 1
      ? `${[...names][0]} on ${folders.map((f) => f.accountLabel).join(', ')}`
      : folders.map(labelOf).join(', ')
  return { targets, labels, label }
}

/**
 * The same upload, with `folder` as its account's folder. A mirrored upload keeps the folders chosen on the other
 * accounts; a folder of an account the upload was not going to wins alone: the person pointed at it.
 */
export function withFolder(d: Destination, folder: NamedFolder): Destination {
  if (d.targets.length < 2 || !d.targets.some((t) => t.accountId === folder.accountId))
    return destinationOf([folder])
  const targets = d.targets.map((t) => (t.accountId === folder.accountId ? targetOf(folder) : t))
  const labels = { ...d.labels, [folder.accountId]: labelOf(folder) }
  return { targets, labels, label: targets.map((t) => labels[t.accountId] ?? t.accountId).join(', ') }
}

/** The host path of a folder reached by `path` from the root (`photos/2024`; '' for the root). */
export const folderPathOf = (path: readonly Crumb[]): string =>
  path
    .slice(1)
    .map((c) => c.name)
    .join('/')

export interface WindowState {
  accounts: readonly { id: string; label: string }[]
  activeId: string
  /** The accounts ticked in the upload menu (none: the active one). */
  chosen: readonly string[]
  /** The folder the file pane shows, as a path from the root of the active account. */
  openPath: readonly Crumb[]
  /** The folder picked on each account for mirrored uploads (mirror-folders.ts). */
  mirrorFolders: Readonly<Record<string, readonly Crumb[]>>
}

/**
 * Where a drop goes: the open folder of the active account, or, when the upload goes to other or several
 * accounts, the folder chosen on each (a folder id belongs to one account, so the open folder's id is never used
 * on another account): the active account's open folder and the others' roots until the person picks another in
 * the upload menu.
 */
export function destinationFor(w: WindowState): Destination {
  const known = new Set(w.accounts.map((a) => a.id))
  const picked = w.chosen.filter((id) => known.has(id))
  const accountIds = picked.length > 0 ? picked : [w.activeId]
  const alone = accountIds.length === 1
  const pathOf = (id: string): readonly Crumb[] =>
    alone && id === w.activeId
      ? w.openPath
      : (w.mirrorFolders[id] ?? (id === w.activeId ? w.openPath : [ROOT]))
  return destinationOf(
    accountIds.map((accountId) => {
      const path = pathOf(accountId)
      const folder = path.at(-1) ?? ROOT
      return {
        accountId,
        fldId: folder.id,
        folderPath: folderPathOf(path),
        folderName: folder.name,
        accountLabel: w.accounts.find((a) => a.id === accountId)?.label ?? accountId,
      }
    }),
  )
}
