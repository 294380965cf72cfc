import type { AccountTarget } from '../../queue/enqueue.ts'

/** Where a drop goes, as the contract gives it: `targets` (a folder per account) or the older one-folder shape. */
export interface ContractTarget {
  accountIds?: string[] | undefined
  fldId?: number | undefined
  folderPath?: string | undefined
  targets?: { accountId: string; fldId: number; folderPath?: string | undefined }[] | undefined
}

/** The engine's input for either shape (the contract's refinements have made sure exactly one was given). */
export function engineTarget(t: ContractTarget): {
  accountIds: string[]
  fldId: number
  folderPath?: string
  targets?: AccountTarget[]
} {
  if (t.targets) {
    return {
      accountIds: t.targets.map((x) => x.accountId),
      fldId: 0,
      targets: t.targets.map((x) => ({
        accountId: x.accountId,
        fldId: x.fldId,
        ...(x.folderPath ? { folderPath: x.folderPath } : {}),
      })),
    }
  }
  return {
    accountIds: t.accountIds ?? [],
    fldId: t.fldId ?? 0,
    ...(t.folderPath ? { folderPath: t.folderPath } : {}),
  }
}
