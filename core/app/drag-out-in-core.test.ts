import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { sandboxForAll } from '../../sandbox/test-support.ts'
import { upload } from '../../sandbox/testing/api-calls.ts'
import type { AppInfo } from '../../shared/ipc/contract.ts'
import { MAX_DRAG_FILES } from '../../shared/ipc/limits.ts'
import { coreWithAccount, undoAfterEach } from './testing/core-with-account.ts'

// Files dragged out of the window, as main answers the page: copies fetched into the app's cache, then the OS
// drag of those copies and of nothing else; a host without an OS drag says so.
const sandbox = sandboxForAll({ seedFiles: 0 })
const cleanup = undoAfterEach()
const codes: Record<string, string> = {}

beforeAll(async () => {
  for (const name of ['notes.txt', 'a:b.txt'])
    codes[name] = await upload(sandbox.sb, name, `text of ${name}\n`)
})

describe('dragOut in the core', () => {
  it('fetches the picked files into <data>/cache/drag and starts the OS drag of those copies only', async () => {
    const dragged: string[][] = []
    const { call, account, dir } = await coreWithAccount(sandbox, cleanup, undefined, {
      host: 'electron',
      startDrag: async (paths) => {
        dragged.push([...paths])
      },
    })
    expect(await call<AppInfo>('app.info')).toMatchObject({ host: 'electron', dragOut: true })
    const fileCodes = [codes['notes.txt'], codes['a:b.txt']]
    const { paths } = await call<{ paths: string[] }>('drag.prepare', { accountId: account.id, fileCodes })
    // Names from the index, made safe for this OS (a colon is refused on Windows and macOS only).
    const colon = process.platform === 'linux' ? 'a:b.txt' : 'a_b.txt'
    expect(paths).toEqual([
      join(dir, 'cache', 'drag', account.id, codes['notes.txt'] as string, 'notes.txt'),
      join(dir, 'cache', 'drag', account.id, codes['a:b.txt'] as string, colon),
    ])
    expect(await readFile(paths[0] as string, 'utf8')).toBe('text of notes.txt\n')
    await call('drag.start', { paths })
    expect(dragged).toEqual([paths])

    // A path the page makes up, even one that climbs out of the cache, is never handed to the OS.
    const outside = join(dir, 'accounts.json')
    await writeFile(join(dir, 'elsewhere.txt'), 'x')
    for (const path of [
      outside,
      `${join(dir, 'cache', 'drag')}/../../elsewhere.txt`,
      join(dir, 'cache', 'drag'),
    ])
      await expect(call('drag.start', { paths: [path] })).rejects.toThrow(/only copies Filedock fetched/)
    expect(dragged).toHaveLength(1)
  })

  it('says which files of a selection have their copies ready, whichever window prepared them', async () => {
    const { call, account } = await coreWithAccount(sandbox, cleanup, undefined, {
      host: 'electron',
      startDrag: async () => undefined,
    })
    const notes = codes['notes.txt'] as string
    const colon = codes['a:b.txt'] as string
    const cached = (fileCodes: string[]) =>
      call<{ ready: string[] }>('drag.cached', { accountId: account.id, fileCodes })
    expect(await cached([notes, colon])).toEqual({ ready: [] })
    await call('drag.prepare', { accountId: account.id, fileCodes: [notes] })
    // The core is one for every window: any of them asking now hears notes.txt is ready.
    expect(await cached([notes, colon])).toEqual({ ready: [notes] })
    // A code the index does not hold is not ready (its drag's prepare looks for it on the host).
    expect(await cached([notes, 'nosuchfile00'])).toEqual({ ready: [notes] })

    // The input is main's to check, as every channel's.
    const tooMany = Array.from({ length: MAX_DRAG_FILES + 1 }, () => notes)
    for (const [input, words] of [
      [{ accountId: account.id, fileCodes: [] }, /at least one file code/],
      [{ accountId: account.id, fileCodes: tooMany }, /At most 100 files per drag/],
      [{ accountId: account.id, fileCodes: ['../../etc'] }, /file code/i],
      [{ accountId: account.id, fileCodes: [notes], paths: ['/etc/passwd'] }, /paths/],
      [{ fileCodes: [notes] }, /account/i],
    ] as const)
      await expect(call('drag.cached', input)).rejects.toThrow(words)
    await expect(call('drag.cached', { accountId: 'nosuchaccount', fileCodes: [notes] })).rejects.toThrow(
      /does not exist/,
    )
  })

  it('refuses a code the host does not have, with its words', async () => {
    const { call, account } = await coreWithAccount(sandbox, cleanup, undefined, {
      host: 'electron',
      startDrag: async () => undefined,
    })
    await expect(
      call('drag.prepare', { accountId: account.id, fileCodes: ['nosuchfile00'] }),
    ).rejects.toThrow(/nosuchfile00/)
  })

  it('is not offered by a host without an OS drag (the browser host): app.info says so, the channels refuse', async () => {
    const { call, account } = await coreWithAccount(sandbox, cleanup)
    expect(await call<AppInfo>('app.info')).toMatchObject({ host: 'web', dragOut: false })
    await expect(
      call('drag.prepare', { accountId: account.id, fileCodes: [codes['notes.txt']] }),
    ).rejects.toThrow(
      'drag.prepare: Files can be dragged out of the window only in the Filedock app. Use Download… instead.',
    )
    await expect(
      call('drag.cached', { accountId: account.id, fileCodes: [codes['notes.txt']] }),
    ).rejects.toThrow('drag.cached: Files can be dragged out of the window only in the Filedock app.')
  })
})
