import { describe, expect, it } from 'vitest'
import { uploadContract } from '../../../shared/ipc/upload-contract.ts'
import { engineTarget } from './upload-target.ts'

/** The contract's two ways to say where a drop goes, and what the engine is given for each. */
describe('upload targets in the contract', () => {
  const paths = ['/home/me/trip']
  const parse = (input: unknown) => uploadContract['queue.enqueuePaths'].input.safeParse(input)
  const messages = (input: unknown) => {
    const r = parse(input)
    return r.success ? [] : r.error.issues.map((i) => i.message)
  }

  it('takes a folder per account, and hands it to the engine as is', () => {
    const input = {
      paths,
      targets: [
        { accountId: 'acc-1', fldId: 12, folderPath: 'Projects/2026' },
        { accountId: 'acc-2', fldId: 7 },
      ],
    }
    const r = parse(input)
    expect(r.success).toBe(true)
    expect(engineTarget(r.data ?? {})).toEqual({
      accountIds: ['acc-1', 'acc-2'],
      fldId: 0,
      targets: [
        { accountId: 'acc-1', fldId: 12, folderPath: 'Projects/2026' },
        { accountId: 'acc-2', fldId: 7 },
      ],
    })
  })

  it('keeps the older shape: one account and any folder, several and the root', () => {
    const one = parse({ paths, accountIds: ['acc-1'], fldId: 12, folderPath: 'Projects' })
    expect(engineTarget(one.data ?? {})).toEqual({ accountIds: ['acc-1'], fldId: 12, folderPath: 'Projects' })
    expect(parse({ paths, accountIds: ['acc-1', 'acc-2'], fldId: 0 }).success).toBe(true)
    expect(messages({ paths, accountIds: ['acc-1', 'acc-2'], fldId: 12 })).toEqual([
      'Folder ids belong to one account: an upload to several accounts names a folder for each (targets) or goes into their root folders',
    ])
  })

  it('refuses both shapes at once, neither, and an account twice', () => {
    const both = { paths, accountIds: ['acc-1'], fldId: 0, targets: [{ accountId: 'acc-1', fldId: 3 }] }
    expect(messages(both)).toEqual([
      'Give either targets (a folder per account) or accountIds with fldId, not both',
    ])
    expect(messages({ paths })).toEqual([
      'Give either targets (a folder per account) or accountIds with fldId, not both',
    ])
    const twice = {
      paths,
      targets: [
        { accountId: 'acc-1', fldId: 3 },
        { accountId: 'acc-1', fldId: 4 },
      ],
    }
    expect(messages(twice)).toContain('An account is listed twice')
  })
})
