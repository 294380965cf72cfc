import { afterAll, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type DragPick, dragWay } from '../renderer/src/features/dnd/drag-way.ts'
import { ReadyCopies } from '../renderer/src/features/dnd/ready-copies.ts'
import { upload } from '../sandbox/testing/api-calls.ts'
import type { AccountView } from '../shared/accounts.ts'
import type { IndexFileRow, IndexStatus } from '../shared/file-index.ts'
import { createSocketClient, type SocketClient, type SocketLike } from '../shared/ipc/socket-client.ts'
import type { Result } from '../shared/result.ts'
import { webHostRig } from './testing/web-host-rig.ts'

// Two windows on one core, each with its own connection (as two pages of the browser host, or two Electron windows
// with their preloads): what one window's drag fetched into the drag cache, the other hears is ready, because both
// ask the one cache (drag.cached) instead of each keeping its own list. The core drags out here as Electron's does
// (startDrag given: the OS's drag is the one part a test cannot make, so it records what it was handed).
const dragged: string[][] = []
const rig = webHostRig({
  seedFiles: 0,
  core: {
    startDrag: async (paths) => {
      dragged.push([...paths])
    },
  },
})
const windows: SocketClient[] = []
afterAll(() => {
  for (const w of windows) w.close()
})

function openWindow(): SocketClient {
  const { port, token } = rig.host
  const w = createSocketClient({
    url: `ws://127.0.0.1:${port}/ipc?token=${token}`,
    connect: (url) => new WebSocket(url, { origin: `http://127.0.0.1:${port}` }) as unknown as SocketLike,
  })
  windows.push(w)
  return w
}

const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

const MiB = 1024 * 1024

it('a second window sees as ready the copies the first window’s drag fetched, and drags them out at once', async () => {
  const first = openWindow()
  const second = openWindow()
  const sb = { baseUrl: rig.sandbox.baseUrl, apiKey: rig.sandbox.apiKey }
  // Two files of 10 MiB: each drags out alone (≤ 16 MiB to fetch), both together only once one is fetched.
  const codes = [
    await upload(sb, 'one.bin', 'a'.repeat(10 * MiB)),
    await upload(sb, 'two.bin', 'b'.repeat(10 * MiB)),
  ]
  const account = value(await first.accounts.add({ label: 'Main', ...sb })) as AccountView
  const deadline = Date.now() + 20_000
  while ((value(await first.index.status()) as IndexStatus[])[0]?.lastFullCrawl == null) {
    if (Date.now() > deadline) throw new Error('the new account was not indexed')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const rows = await Promise.all(
    codes.map(
      async (fileCode) => value(await second.index.file({ accountId: account.id, fileCode })) as IndexFileRow,
    ),
  )
  const picked: DragPick[] = rows.map((r) => ({ fileCode: r.fileCode, size: r.size }))
  expect(value(await second.app.info())).toMatchObject({ dragOut: true })

  // The second window picks both: nothing is fetched yet, so their drag stays the page's.
  const ready = new ReadyCopies((input) => second.drag.cached(input))
  const way = () => dragWay({ dragOut: true, all: false, picked, cached: (f) => ready.has(account.id, f) })
  await ready.follow(account.id, picked)
  expect(way()).toBe('tooLarge')

  // The first window drags one of them out: its copy is fetched into the one cache.
  const prepared = value(await first.drag.prepare({ accountId: account.id, fileCodes: [codes[0] as string] }))
  value(await first.drag.start(prepared))
  expect(dragged).toEqual([prepared.paths])

  // Back in the second window (focus asks again): the copy is ready, 10 MiB are left to fetch, it drags out.
  await ready.askAgain()
  expect(picked.map((f) => ready.has(account.id, f))).toEqual([true, false])
  expect(way()).toBe('out')
  // The answer is about this account's files only.
  expect(ready.has('another-account', picked[0] as DragPick)).toBe(false)
  // A selection no answer can change asks nothing and keeps no answer.
  await ready.follow(account.id, null)
  expect(ready.has(account.id, picked[0] as DragPick)).toBe(false)
})
