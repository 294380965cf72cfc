import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DropTarget, EnqueueResult } from '../../shared/queue.ts'
import { launchPaths, OpenWith } from './open-with.ts'
import { claimSingleInstance } from './single-instance.ts'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-open-with-'))
  await writeFile(join(dir, 'a.txt'), 'a')
  await mkdir(join(dir, 'photos'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

function rig(target: DropTarget | null = { accountId: 'acc-1', fldId: 0 }) {
  const enqueued: Array<{ paths: string[]; target: DropTarget }> = []
  const notes: string[] = []
  let focused = 0
  const openWith = new OpenWith({
    target: () => target,
    enqueue: async (paths, t): Promise<EnqueueResult> => {
      enqueued.push({ paths, target: t })
      return { batchId: 'b', accepted: paths.length, problems: [] }
    },
    notify: (title, body) => notes.push(`${title}: ${body}`),
    focusWindow: () => {
      focused++
    },
    log: () => undefined,
  })
  return { openWith, enqueued, notes, focused: () => focused }
}

describe('open with / send to Filedock', () => {
  it('takes the existing paths of a launch, not switches, the app folder or missing files', () => {
    const argv = [
      '/opt/electron',
      '/app',
      '--no-sandbox',
      'a.txt',
      join(dir, 'photos'),
      'missing.bin',
      'a.txt',
    ]
    expect(launchPaths(argv, { packaged: false, cwd: dir })).toEqual([
      join(dir, 'a.txt'),
      join(dir, 'photos'),
    ])
    const packaged = ['C:\\Program Files\\Filedock\\Filedock.exe', join(dir, 'a.txt')]
    expect(launchPaths(packaged, { packaged: true, cwd: '/' })).toEqual([join(dir, 'a.txt')])
  })

  it('holds paths that arrive before the app is ready and queues them once it is', async () => {
    const r = rig()
    r.openWith.open([join(dir, 'a.txt')])
    expect(r.enqueued).toEqual([])
    await r.openWith.ready()
    expect(r.enqueued).toEqual([{ paths: [join(dir, 'a.txt')], target: { accountId: 'acc-1', fldId: 0 } }])
    expect(r.notes).toEqual(['Uploading: 1 file queued for upload.'])
  })

  it('queues a second launch’s paths through the single-instance lock, and only focuses for a bare launch', async () => {
    const r = rig()
    await r.openWith.ready()
    const listeners = new Map<string, (...args: unknown[]) => void>()
    const app = {
      requestSingleInstanceLock: () => true,
      on: (event: string, listener: (...args: unknown[]) => void) => {
        listeners.set(event, listener)
        return app
      },
    }
    const win = {
      isMinimized: () => false,
      restore: () => undefined,
      show: () => undefined,
      focus: () => undefined,
    }
    claimSingleInstance(app as never, () => win, {
      packaged: true,
      onPaths: (paths) => r.openWith.open(paths),
    })
    listeners.get('second-instance')?.({}, ['/usr/bin/filedock-app', join(dir, 'photos')], dir)
    listeners.get('second-instance')?.({}, ['/usr/bin/filedock-app'], dir)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(r.enqueued.map((e) => e.paths)).toEqual([[join(dir, 'photos')]])
    expect(r.focused()).toBeGreaterThanOrEqual(2)
  })

  it('says so, and queues nothing, when there is no account yet', async () => {
    const r = rig(null)
    await r.openWith.ready()
    r.openWith.open([join(dir, 'a.txt')])
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(r.enqueued).toEqual([])
    expect(r.notes).toEqual([
      'Nothing was uploaded: Add an account in Filedock first, then send the files again.',
    ])
  })
})
