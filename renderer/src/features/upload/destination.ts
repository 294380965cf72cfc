import { defineMessage, type IntlShape, type MessageDescriptor } from 'react-intl'
import type { DropTarget } from '../../../../shared/queue.ts'
import { type Crumb, ROOT } from '../../state/ui-store.ts'

/**
 * Where an upload from the window goes, and the names people read for it (said by destinationLabel and
 * folderLabelOf in the window's language). `targets` is the one shape the contract and the engine take
 * (shared/queue.ts): a folder per account, sent as it is.
 */
export interface Destination {
  targets: DropTarget[]
  /** Each target's folder and account names, by account id. */
  names: Readonly<Record<string, { folderName: string; accountLabel: string }>>
}

/** One account's folder as the window knows it: the target, and the names people read. */
export interface NamedFolder extends DropTarget {
  folderName: string
  accountLabel: string
}

const onAccount: MessageDescriptor = defineMessage({
  id: 'upload.destination.onAccount',
  defaultMessage: '{folder} on {account}',
})

const targetOf = ({ accountId, fldId, folderPath }: NamedFolder): DropTarget =>
  folderPath === undefined ? { accountId, fldId } : { accountId, fldId, folderPath }
const namesOf = (f: NamedFolder) => ({ folderName: f.folderName, accountLabel: f.accountLabel })

/** The destination of these folders, one per account, in the order given. */
export function destinationOf(folders: readonly NamedFolder[]): Destination {
  return {
    targets: folders.map(targetOf),
    names: Object.fromEntries(folders.map((f) => [f.accountId, namesOf(f)])),
  }
}

/** One target's folder for people: "Photos on Work". */
export function folderLabelOf(intl: IntlShape, d: Destination, accountId: string): string {
  const n = d.names[accountId]
  return n ? intl.formatMessage(onAccount, { folder: n.folderName, account: n.accountLabel }) : accountId
}

/**
 * The whole of it for people: "Photos on Work", "Photos on Work, Inbox on Backup"; one folder name everywhere
 * (the roots, say) reads as "My files on Work, Backup". Lists in the locale's way of listing.
 */
export function destinationLabel(intl: IntlShape, d: Destination): string {
  const list = (items: string[]) => intl.formatList(items, { type: 'unit', style: 'short' })
  const named = d.targets.map((t) => d.names[t.accountId])
  const folders = new Set(named.map((n) => n?.folderName))
  const [first] = named
  if (first && folders.size === 1 && named.every((n) => n !== undefined))
    return intl.formatMessage(onAccount, {
      folder: first.folderName,
      account: list(named.map((n) => n?.accountLabel ?? '')),
    })
  return list(d.targets.map((t) => folderLabelOf(intl, d, t.accountId)))
}

/**
 * The same upload, with `folder` as its account's folder. A mirrored upload keeps the folders chosen on the other
 * accounts; a folder of an account the upload was not going to wins alone: the person pointed at it.
 */
export function withFolder(d: Destination, folder: NamedFolder): Destination {
  if (d.targets.length < 2 || !d.targets.some((t) => t.accountId === folder.accountId))
    return destinationOf([folder])
  const targets = d.targets.map((t) => (t.accountId === folder.accountId ? targetOf(folder) : t))
  return { targets, names: { ...d.names, [folder.accountId]: namesOf(folder) } }
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
