import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type HostVariant, type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import { LINK_HOST_A, LINK_HOST_B, namedVariants, specVariant, variantNames } from '../../sandbox/variants.ts'
import type { AccountView } from '../../shared/accounts.ts'
import type { FileCheckEntry, FolderListing } from '../../shared/api/types.ts'
import type { DownloadStarted } from '../../shared/downloads.ts'
import type { HistoryEntry } from '../../shared/history.ts'
import type { LinkCheckSummary } from '../../shared/link-health.ts'
import type { EnqueueResult, QueueSnapshot } from '../../shared/queue.ts'
import { sha256OfFile } from '../download/testing/download-sandbox.ts'
import { filesUnder } from '../queue/testing/download-support.ts'
import { settled } from './testing/download-scenario.ts'
import { type Rig, uploadRig } from './testing/upload-rig.ts'

/** Polls `check` until it holds (an index write lands in the background). */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50))
}

// The hosts people use, through the real core (issue 19): the app's journeys against each host variant of the
// sandbox (a folder dropped and uploaded through the queue, its folder listed, the link pack copied and opened,
// the links checked, the folder downloaded back: each ends as against the spec), and a link-domain move in the
// middle of a session.
let sandbox: SandboxHandle
let sandboxDir: string
let src: string
/** The uploaded folder's files below it, with their SHA-256: what a download of it must end with. */
const clipsSha: Record<string, string> = {}
const cleanup: Array<() => Promise<void>> = []

beforeAll(async () => {
  sandboxDir = await mkdtemp(join(tmpdir(), 'filedock-journeys-host-'))
  sandbox = await startSandbox({ dataDir: sandboxDir })
  src = await mkdtemp(join(tmpdir(), 'filedock-journeys-src-'))
  await mkdir(join(src, 'clips', 'day two'), { recursive: true })
  await writeFile(join(src, 'clips', 'a.mp4'), 'a'.repeat(300))
  await writeFile(join(src, 'clips', 'b.mkv'), 'b'.repeat(200))
  await writeFile(join(src, 'clips', 'day two', 'c.webm'), 'c'.repeat(100))
  for (const n of ['one.txt', 'two.txt']) await writeFile(join(src, n), n)
  for (const f of await filesUnder(join(src, 'clips')))
    clipsSha[f] = await sha256OfFile(join(src, 'clips', f))
})
afterAll(async () => {
  await sandbox.close()
  await rm(sandboxDir, { recursive: true, force: true })
  await rm(src, { recursive: true, force: true })
})
afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo()
  await sandbox.setVariant(specVariant)
  sandbox.setFaults({ downloadBytesPerSec: 0 })
})

async function journey(variant: Partial<HostVariant>) {
  await sandbox.setVariant(variant)
  const r = await uploadRig(sandbox, cleanup)
  const id = r.account.id
  const batch = await r.call<EnqueueResult>('queue.enqueuePaths', {
    paths: [join(src, 'clips')],
    targets: [{ accountId: id, fldId: 0 }],
  })
  const ready = await r.next('links.ready', (e) => e.batchId === batch.batchId)
  const root = await r.call<FolderListing>('folders.list', { accountId: id, fldId: 0 })
  const clips = root.folders.find((f) => f.name === 'clips')
  const listed = clips
    ? await r.call<FolderListing>('folders.list', { accountId: id, fldId: clips.fldId })
    : null
  const pack = await r.call<string>('links.pack', { batchId: batch.batchId, format: 'page' })
  const links = pack.split('\n')
  const pages = await Promise.all(links.map(async (l) => (await fetch(l)).status))
  const checked = await r.call<FileCheckEntry[]>('files.check', { accountId: id, urls: links })
  const down = clips ? await downloadFolder(r, clips.fldId) : null
  return {
    uploaded: ready.files,
    failed: ready.failed,
    clips: listed?.files.map((f) => f.name).sort(),
    subfolders: listed?.folders.map((f) => f.name),
    pages,
    alive: checked.map((c) => c.found),
    downloads: down?.states,
    downloaded: down?.files,
  }
}

/**
 * The folder `fldId` and its subfolders downloaded through the core's channels, as the renderer asks: the state of
 * each item once settled, and every file under the target folder (work files and locks included) with its SHA-256.
 */
async function downloadFolder(r: Rig, fldId: number) {
  const { to, batchId } = await startFolderDownload(r, fldId)
  const items = await settled(r.call, batchId)
  return { states: items.map((i) => i.state), files: await shaOfFilesUnder(to) }
}

/** downloads.start of the folder `fldId` and its subfolders into a fresh folder: that folder and the batch. */
async function startFolderDownload(r: Rig, fldId: number): Promise<{ to: string; batchId: string }> {
  const to = await mkdtemp(join(tmpdir(), 'filedock-journeys-down-'))
  cleanup.push(() => rm(to, { recursive: true, force: true }))
  const started = await r.call<DownloadStarted>('downloads.start', {
    accountId: r.account.id,
    to,
    onConflict: 'skip',
    what: { fldId, recursive: true },
  })
  return { to, batchId: started.batchId as string }
}

async function shaOfFilesUnder(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const f of await filesUnder(dir)) out[f] = await sha256OfFile(join(dir, f))
  return out
}

const asAgainstTheSpec = {
  uploaded: 3,
  failed: 0,
  clips: ['a.mp4', 'b.mkv'],
  subfolders: ['day two'],
  pages: [200, 200, 200],
  alive: [true, true, true],
  downloads: ['done', 'done', 'done'],
  downloaded: clipsSha,
}

describe('the upload, list, link, link-check and download journeys against each host variant', () => {
  // Every named variant but the lock-out (which stops a journey by design, core/api/request-budget.test.ts), and
  // all of them at once.
  const journeys = variantNames.filter((n) => n !== 'lockout')
  it.each(['spec', ...journeys, journeys.filter((n) => n !== 'link-move').join(',')])('%s', async (names) => {
    const variant =
      names === 'spec' ? {} : namedVariants(names, Date.now(), { linkMoveAfterSec: 0.2, requestsPerSec: 5 })
    expect(await journey(variant)).toEqual(asAgainstTheSpec)
  })
})

describe('a lock-out in the download journey', () => {
  it("holds the account's downloads with the time it ends instead of failing them", async () => {
    const r = await uploadRig(sandbox, cleanup)
    const batch = await r.call<EnqueueResult>('queue.enqueuePaths', {
      paths: [join(src, 'clips')],
      targets: [{ accountId: r.account.id, fldId: 0 }],
    })
    await r.next('links.ready', (e) => e.batchId === batch.batchId)
    const root = await r.call<FolderListing>('folders.list', { accountId: r.account.id, fldId: 0 })
    const clips = root.folders.find((f) => f.name === 'clips')
    if (clips === undefined) throw new Error('the upload made no folder clips')
    // The key locked out for an hour by a failed request of its own (send.now's "try again in 60 minutes").
    await sandbox.setVariant({ lockoutAfter: 1, lockoutSec: 3600 })
    await fetch(`${sandbox.baseUrl}/api/file/info?key=${sandbox.apiKey}&file_code=`)
    const { to, batchId } = await startFolderDownload(r, clips.fldId)
    const held = await r.next('queue.accountHeld', (e) => e.hold !== null)
    expect(held.hold).toEqual({
      accountId: r.account.id,
      until: expect.any(Number),
      message: expect.stringMatching(/locked this account out until \d\d:\d\d/),
      // The same words for a window to show in its own language.
      messageId: 'queue.hold.message',
      values: expect.objectContaining({ causeId: 'errors.host.lockedOut' }),
      operation: expect.any(String),
    })
    const snap = await r.call<QueueSnapshot>('queue.snapshot')
    const items = snap.items.filter((i) => i.batchId === batchId)
    expect(items).toHaveLength(3)
    expect(items.filter((i) => i.state === 'failed' || i.state === 'done')).toEqual([])
    // One hold for the account, to the lock-out's end an hour on (each item's refusal restates it to the ms).
    expect(snap.held).toEqual([
      { ...held.hold, until: expect.any(Number), values: { ...held.hold.values, until: expect.any(Number) } },
    ])
    expect(snap.held[0]?.until).toBeGreaterThan(Date.now() + 59 * 60_000)
    // Nothing of the files is on the disk yet, not even a work file.
    expect(await filesUnder(to)).toEqual([])
  })
})

const hostOf = (link: string) => new URL(link).hostname

describe('a link-domain move in the middle of a session', () => {
  it('history, link packs and the link checkers follow the account; nothing alive is marked dead', async () => {
    const r = await uploadRig(sandbox, cleanup)
    const id = r.account.id
    const batch = await r.call<EnqueueResult>('queue.enqueuePaths', {
      paths: [join(src, 'one.txt'), join(src, 'two.txt')],
      targets: [{ accountId: id, fldId: 0 }],
    })
    await r.next('links.ready', (e) => e.batchId === batch.batchId)
    const history = () => r.call<HistoryEntry[]>('history.search', { limit: 100, offset: 0 })
    const before = await history()
    expect(before.map((e) => hostOf(e.pageLink))).toEqual(['127.0.0.1', '127.0.0.1'])
    // The account index holds the files with the links its listings gave (the old domain, once it moves).
    const selection = {
      kind: 'files',
      files: before.map((e) => ({ accountId: id, fileCode: e.fileCode })),
    }
    const copy = () => r.call<{ count: number; text: string }>('index.copyLinks', { selection })
    await until(async () => (await copy()).count === 2)

    // The host starts giving its links on another domain; the next listing shows it, and the user is told once.
    await sandbox.setVariant({ linkHost: LINK_HOST_A })
    await r.call('folders.list', { accountId: id, fldId: 0 })
    await r.call('folders.list', { accountId: id, fldId: 0 })
    const moved = await r.next('account.linksMoved')
    expect(moved).toEqual({
      type: 'account.linksMoved',
      accountId: id,
      from: sandbox.baseUrl,
      to: `http://${LINK_HOST_A}:${new URL(sandbox.baseUrl).port}`,
    })
    expect(r.events.filter((e) => e.type === 'account.linksMoved')).toHaveLength(1)
    const after = await history()
    expect(after.map((e) => hostOf(e.pageLink))).toEqual([LINK_HOST_A, LINK_HOST_A])
    for (const e of after) expect((await fetch(e.pageLink)).status).toBe(200)
    // An old pack rebuilt in one action: the same batch's links, on the new domain.
    const pack = await r.call<string>('links.pack', { batchId: batch.batchId, format: 'page' })
    expect(pack.split('\n').map(hostOf)).toEqual([LINK_HOST_A, LINK_HOST_A])
    // Links copied from the file pane: on the new domain too.
    expect((await copy()).text.split('\n').map(hostOf)).toEqual([LINK_HOST_A, LINK_HOST_A])
    const view = (await r.call<{ accounts: AccountView[] }>('accounts.list')).accounts[0]
    expect(view?.linkBase).toBe(moved.to)
    expect(view?.formerLinkBases).toEqual([sandbox.baseUrl])

    // It moves again; links pasted on both former domains are still the account's and found alive.
    await sandbox.setVariant({ linkHost: LINK_HOST_B })
    await r.call('folders.list', { accountId: id, fldId: 0 })
    await r.next('account.linksMoved', (e) => e.to.includes(LINK_HOST_B))
    expect((await history()).map((e) => hostOf(e.pageLink))).toEqual([LINK_HOST_B, LINK_HOST_B])
    const pasted = [before[0]?.pageLink, after[1]?.pageLink] as string[]
    const checked = await r.call<FileCheckEntry[]>('files.check', { accountId: id, urls: pasted })
    expect(checked).toEqual(pasted.map((url) => expect.objectContaining({ url, found: true })))
    const health = await r.call<LinkCheckSummary>('history.checkLinks', {})
    expect(health).toMatchObject({ checked: 2, alive: 2, gone: 0 })
  })

  it('a link base set by hand is used at once and is not moved by answers', async () => {
    const r = await uploadRig(sandbox, cleanup)
    const mirror = `http://${LINK_HOST_B}:${new URL(sandbox.baseUrl).port}`
    const view = await r.call<AccountView>('accounts.update', { id: r.account.id, linkBase: mirror })
    expect(view).toMatchObject({ linkBase: mirror, linkBaseByHand: true })
    await sandbox.setVariant({ linkHost: LINK_HOST_A })
    await r.call('folders.list', { accountId: r.account.id, fldId: 0 })
    const batch = await r.call<EnqueueResult>('queue.enqueuePaths', {
      paths: [join(src, 'one.txt')],
      targets: [{ accountId: r.account.id, fldId: 0 }],
    })
    const ready = await r.next('links.ready', (e) => e.batchId === batch.batchId)
    expect(hostOf(ready.text)).toBe(LINK_HOST_B)
    expect(r.events.some((e) => e.type === 'account.linksMoved')).toBe(false)
  })
})
