import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { sandboxForAll } from '../../sandbox/test-support.ts'
import { upload } from '../../sandbox/testing/api-calls.ts'
import type { AppInfo } from '../../shared/ipc/contract.ts'
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
  })
})
