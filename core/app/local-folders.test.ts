import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FiledockError } from '../../shared/errors.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import { localFoldersContract } from '../../shared/ipc/local-folders-contract.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { createEventBus } from '../ipc/event-bus.ts'
import { localFolderHandlers, type PickFolder } from './handlers/local-folder-handlers.ts'
import { SettingsStore } from './settings-store.ts'

let root: string
let home: string

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'filedock-local-folders-'))
  home = join(root, 'home')
  await mkdir(join(home, 'Outbox', 'sent'), { recursive: true })
  for (const name of ['report_10', 'report_2', 'Documents', '.cache']) await mkdir(join(home, name))
  await writeFile(join(home, 'notes.txt'), 'a file, not a folder')
  await symlink(join(home, 'Documents'), join(home, 'docs-link'))
})

afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

async function rig(pickFolder?: PickFolder) {
  const settings = await SettingsStore.open(join(root, 'data'))
  const events = createEventBus<AppEvent>()
  const seen: AppEvent[] = []
  events.subscribe((e) => seen.push(e))
  return { h: localFolderHandlers({ settings, events, pickFolder, home }), settings, seen }
}

describe('the local-folder picker in main', () => {
  it('lists folder names only: no files, no hidden folders, links to folders kept, in the order people count', async () => {
    const { h } = await rig()
    const listing = await h['local.listFolders']({ purpose: 'watch', path: home })
    expect(listing.folders).toEqual(['docs-link', 'Documents', 'Outbox', 'report_2', 'report_10'])
    expect(listing.path).toBe(home)
    expect(listing.parent).toBe(root)
    expect(listing.places[0]).toEqual({ kind: 'home', label: 'Home', path: home })
    expect(listing.places).toContainEqual({
      kind: 'folder',
      label: 'Documents',
      path: join(home, 'Documents'),
    })
    expect(listing.places.at(-1)).toEqual({ kind: 'root', label: 'Computer', path: '/' })
    expect((await h['local.listFolders']({ purpose: 'watch', path: '/' })).parent).toBeNull()
  })

  it('opens at home, downloads at Downloads, then where the last choice for the purpose was while it is there', async () => {
    const { h, settings, seen } = await rig()
    expect((await h['local.listFolders']({ purpose: 'watch', path: null })).path).toBe(home)
    expect((await h['local.listFolders']({ purpose: 'downloads', path: null })).path).toBe(home)
    await mkdir(join(home, 'Downloads'))
    expect((await h['local.listFolders']({ purpose: 'downloads', path: null })).path).toBe(
      join(home, 'Downloads'),
    )

    await h['local.rememberFolder']({ purpose: 'watch', path: join(home, 'Outbox') })
    expect(settings.get().lastFolders).toEqual({ watch: join(home, 'Outbox') })
    expect(seen).toContainEqual({ type: 'settings.changed' })
    expect((await h['local.listFolders']({ purpose: 'watch', path: null })).path).toBe(join(home, 'Outbox'))
    // Per purpose: the Done folder's picker still opens at home.
    expect((await h['local.listFolders']({ purpose: 'watch-done', path: null })).path).toBe(home)
    // A remembered folder that is gone: back to the default, no error.
    await rm(join(home, 'Outbox'), { recursive: true })
    expect((await h['local.listFolders']({ purpose: 'watch', path: null })).path).toBe(home)
    await expect(
      h['local.rememberFolder']({ purpose: 'watch', path: join(home, 'Outbox') }),
    ).rejects.toMatchObject({
      kind: 'not_found',
    })
  })

  it('makes a new folder in the folder shown, once; refuses a path for a name and a folder that is not there', async () => {
    const { h } = await rig()
    const made = await h['local.createFolder']({ parent: home, name: 'Incoming' })
    expect(made).toBe(join(home, 'Incoming'))
    expect((await h['local.listFolders']({ purpose: 'watch', path: home })).folders).toContain('Incoming')
    await expect(h['local.createFolder']({ parent: home, name: 'Incoming' })).rejects.toMatchObject({
      kind: 'invalid_input',
      message: '“Incoming” is already there.',
    })
    await expect(
      h['local.listFolders']({ purpose: 'watch', path: join(home, 'nope') }),
    ).rejects.toMatchObject({
      kind: 'not_found',
    })
    await expect(
      h['local.listFolders']({ purpose: 'watch', path: join(home, 'notes.txt') }),
    ).rejects.toMatchObject({ kind: 'not_found' })
    // What the renderer may send at all: absolute paths, one name (main parses every input against these).
    const create = localFoldersContract['local.createFolder'].input
    expect(create.safeParse({ parent: home, name: '../escape' }).success).toBe(false)
    expect(create.safeParse({ parent: home, name: '..' }).success).toBe(false)
    expect(create.safeParse({ parent: 'relative/path', name: 'a' }).success).toBe(false)
    expect(
      localFoldersContract['local.listFolders'].input.safeParse({ purpose: 'watch', path: '~' }).success,
    ).toBe(false)
  })

  it('opens the OS dialog where the purpose was left, remembers the choice; without one it says the page must pick', async () => {
    const asked: Array<{ purpose: string; startAt: string }> = []
    let answer: string | null = join(home, 'Outbox')
    const { h, settings } = await rig(async (o) => {
      asked.push(o)
      return answer
    })
    expect(await h['local.pickFolder']({ purpose: 'watch', startAt: null })).toBe(join(home, 'Outbox'))
    expect(asked[0]).toEqual({ purpose: 'watch', startAt: home })
    expect(settings.get().lastFolders.watch).toBe(join(home, 'Outbox'))
    answer = null
    expect(await h['local.pickFolder']({ purpose: 'watch', startAt: null })).toBeNull()
    expect(asked[1]?.startAt).toBe(join(home, 'Outbox'))
    // A typed path that is a folder is where it opens.
    await h['local.pickFolder']({ purpose: 'watch', startAt: join(home, 'Documents') })
    expect(asked[2]?.startAt).toBe(join(home, 'Documents'))
    expect(settings.get().lastFolders.watch).toBe(join(home, 'Outbox'))

    const { h: web } = await rig()
    await expect(web['local.pickFolder']({ purpose: 'watch', startAt: null })).rejects.toMatchObject({
      kind: 'not_found',
      operation: 'local.pickFolder',
    })
  })
})

describe('local folders in the reader’s language', () => {
  it('says in Spanish that a new folder is already there, its name as typed', async () => {
    const { h } = await rig()
    await h['local.createFolder']({ parent: home, name: 'Entrada' })
    const error = await h['local.createFolder']({ parent: home, name: 'Entrada' }).then(
      () => expect.fail('made twice'),
      (e: FiledockError) => e,
    )
    expect(error.message).toBe('“Entrada” is already there.')
    expect(errorText(await intlFor('es'), error)).toBe('“Entrada” ya existe ahí.')
  })
})
