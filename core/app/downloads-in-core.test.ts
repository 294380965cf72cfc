import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { sandboxForAll } from '../../sandbox/test-support.ts'
import { createFolder, upload } from '../../sandbox/testing/api-calls.ts'
import type { DownloadPlanSummary, DownloadStarted } from '../../shared/downloads.ts'
import type { QueueSnapshot } from '../../shared/queue.ts'
import { type CoreCall, coreWithAccount, undoAfterEach } from './testing/core-with-account.ts'

// Downloads in the app: the files of a folder, the account, a selection and codes, resolved from the account
// index (and from the host for what the index does not hold), mirrored on disk; a finished one shown or opened.
const sandbox = sandboxForAll({ seedFiles: 0 })
const cleanup = undoAfterEach()
const codes: Record<string, string> = {}
const folders: Record<string, number> = {}

beforeAll(async () => {
  const sb = sandbox.sb
  folders.photos = await createFolder(sb, 'Photos')
  folders.slashed = await createFolder(sb, 'a/b', folders.photos)
  folders.year = await createFolder(sb, '2024', folders.photos)
  folders.other = await createFolder(sb, 'Other')
  for (const [name, fld] of [
    ['root.txt', 0],
    ['p1.jpg', folders.photos],
    ['ab.txt', folders.slashed],
    ['y.txt', folders.year],
    ['o.txt', folders.other],
  ] as const) {
    codes[name] = await upload(sb, name, `content of ${name}\n`.repeat(10), fld)
  }
})

/** Every file under `dir`, relative, sorted. */
async function tree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort()
}

async function target(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'filedock-dl-core-'))
  cleanup.push(() => rm(dir, { recursive: true, force: true }))
  return join(dir, 'to')
}

async function downloaded(call: CoreCall, request: unknown): Promise<QueueSnapshot['items']> {
  const started = await call<DownloadStarted>('downloads.start', request)
  const deadline = Date.now() + 20_000
  for (;;) {
    const items = (await call<QueueSnapshot>('queue.snapshot')).items.filter(
      (i) => i.batchId === started.batchId,
    )
    if (items.every((i) => i.state === 'done')) return items
    if (Date.now() > deadline) throw new Error(`not done: ${JSON.stringify(items)}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

describe('what a download takes from the account index', () => {
  it('a folder with its subfolders, the tree mirrored (a name holding a slash stays one folder)', async () => {
    const { call, account } = await coreWithAccount(sandbox, cleanup)
    const to = await target()
    const request = {
      accountId: account.id,
      to,
      onConflict: 'skip',
      what: { fldId: folders.photos, recursive: true },
    }
    await downloaded(call, request)
    expect(await tree(to)).toEqual(['2024/y.txt', 'a_b/ab.txt', 'p1.jpg'])
    expect(await readFile(join(to, 'a_b', 'ab.txt'), 'utf8')).toBe('content of ab.txt\n'.repeat(10))
    const again = await call<DownloadPlanSummary>('downloads.plan', request)
    expect(again).toMatchObject({ toFetch: 0, alreadyHere: 3, renamed: 0 })
    // The folder alone: its own files only.
    const alone = await call<DownloadPlanSummary>('downloads.plan', {
      ...request,
      to: await target(),
      what: { fldId: folders.photos, recursive: false },
    })
    expect(alone).toMatchObject({ toFetch: 1, totalBytes: 'content of p1.jpg\n'.length * 10 })
  })

  it('the whole account, mirrored from its root', async () => {
    const { call, account } = await coreWithAccount(sandbox, cleanup)
    const to = await target()
    await downloaded(call, { accountId: account.id, to, onConflict: 'skip', what: { all: true } })
    expect(await tree(to)).toEqual([
      'Other/o.txt',
      'Photos/2024/y.txt',
      'Photos/a_b/ab.txt',
      'Photos/p1.jpg',
      'root.txt',
    ])
  })

  it('a selection: a search of a folder and its subfolders mirrored below it; picked files side by side', async () => {
    const { call, account } = await coreWithAccount(sandbox, cleanup)
    const to = await target()
    const query = {
      scope: { kind: 'subtree', accountId: account.id, fldId: folders.photos },
      search: '.txt',
      sort: { key: 'name', dir: 'asc' },
    }
    await downloaded(call, {
      accountId: account.id,
      to,
      onConflict: 'skip',
      what: {
        selection: { kind: 'query', query, except: [{ accountId: account.id, fileCode: codes['y.txt'] }] },
      },
    })
    expect(await tree(to)).toEqual(['a_b/ab.txt'])
    const picked = await target()
    await downloaded(call, {
      accountId: account.id,
      to: picked,
      onConflict: 'skip',
      what: {
        selection: {
          kind: 'files',
          files: ['o.txt', 'y.txt'].map((n) => ({ accountId: account.id, fileCode: codes[n] })),
        },
      },
    })
    expect(await tree(picked)).toEqual(['o.txt', 'y.txt'])
  })

  it('codes: from the index, from the host when the index does not hold them yet, unknown ones reported', async () => {
    const { call, account } = await coreWithAccount(sandbox, cleanup)
    const late = await upload(sandbox.sb, 'late.txt', 'uploaded after the crawl')
    const plan = await call<DownloadPlanSummary>('downloads.plan', {
      accountId: account.id,
      to: await target(),
      onConflict: 'skip',
      what: { codes: [codes['root.txt'], late, 'zzzzzzzzzzzz'] },
    })
    expect(plan).toMatchObject({
      toFetch: 2,
      totalBytes: 'content of root.txt\n'.length * 10 + 'uploaded after the crawl'.length,
      problems: [{ fileCode: 'zzzzzzzzzzzz', message: expect.stringContaining('has no file zzzzzzzzzzzz') }],
    })
  })
})

describe('a finished download shown or opened', () => {
  it("hands the host's opener the file (by item) or the folder (by batch), and nothing else", async () => {
    const opened: [string, string][] = []
    const revealPath = async (path: string, how: 'folder' | 'open') => {
      opened.push([path, how])
    }
    const { core, call, account } = await coreWithAccount(sandbox, cleanup, undefined, { revealPath })
    const to = await target()
    const items = await downloaded(call, {
      accountId: account.id,
      to,
      onConflict: 'skip',
      what: { codes: [codes['root.txt']] },
    })
    const item = items[0]
    if (item === undefined) throw new Error('no item')
    expect(await call('downloads.reveal', { itemId: item.id, how: 'open' })).toEqual({
      path: join(to, 'root.txt'),
    })
    expect(await call('downloads.reveal', { batchId: item.batchId, how: 'folder' })).toEqual({ path: to })
    expect(opened).toEqual([
      [join(to, 'root.txt'), 'open'],
      [to, 'folder'],
    ])
    // A file moved away since, or an upload, is not opened.
    await rm(join(to, 'root.txt'))
    const d = (await import('../ipc/dispatcher.ts')).createDispatcher(core.handlers)
    expect(await d.dispatch('downloads.reveal', { itemId: item.id, how: 'open' })).toMatchObject({
      ok: false,
      error: {
        kind: 'not_found',
        message: `${join(to, 'root.txt')} is no longer there: it was moved or deleted after the download.`,
      },
    })
    expect(opened).toHaveLength(2)
  })
})
