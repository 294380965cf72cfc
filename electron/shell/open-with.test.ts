import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Arrivals } from '../../core/app/arrivals.ts'
import { createEventBus } from '../../core/ipc/event-bus.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import { launchPaths, OpenWith } from './open-with.ts'
import { claimSingleInstance } from './single-instance.ts'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-open-with-'))
  await writeFile(join(dir, 'a.txt'), 'a')
  await mkdir(join(dir, 'photos'))
  await writeFile(join(dir, 'photos', 'p.jpg'), 'xy')
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

function rig() {
  const events = createEventBus<AppEvent>()
  const seen: AppEvent[] = []
  events.subscribe((e) => seen.push(e))
  const arrivals = new Arrivals(events)
  let shown = 0
  const openWith = new OpenWith({
    deliver: (paths) => arrivals.add(paths),
    showWindow: () => {
      shown++
    },
    log: () => undefined,
  })
  return { openWith, arrivals, seen, shown: () => shown }
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

  it('holds paths that arrive before the app is ready, then shows them in the window: measured, not queued', async () => {
    const r = rig()
    r.openWith.open([join(dir, 'a.txt'), join(dir, 'photos')])
    expect(r.arrivals.list()).toEqual([])
    await r.openWith.ready()
    expect(r.arrivals.list()).toEqual([
      {
        id: expect.any(String),
        paths: [join(dir, 'a.txt'), join(dir, 'photos')],
        names: ['a.txt', 'photos'],
        files: 2,
        bytes: 3,
        problem: null,
      },
    ])
    expect(r.seen).toEqual([{ type: 'arrivals.changed' }])
    expect(r.shown()).toBe(1)
  })

  it('hands a second launch’s paths to the window through the single-instance lock; a bare launch only shows it', async () => {
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
    let shownBySecond = 0
    claimSingleInstance(app as never, () => shownBySecond++, {
      packaged: true,
      onPaths: (paths) => r.openWith.open(paths),
    })
    listeners.get('second-instance')?.({}, ['/usr/bin/filedock-app', join(dir, 'photos')], dir)
    listeners.get('second-instance')?.({}, ['/usr/bin/filedock-app'], dir)
    await vi.waitFor(() => expect(r.arrivals.list()).toHaveLength(1))
    expect(r.arrivals.list()[0]).toMatchObject({ names: ['photos'], files: 1 })
    expect(shownBySecond).toBe(2)
  })

  it('an arrival leaves when answered, and says what cannot be sent', async () => {
    const r = rig()
    const arrival = await r.arrivals.add([join(dir, 'gone.txt')])
    expect(arrival).toMatchObject({ files: 0, problem: expect.stringMatching(/Nothing is at this path/) })
    expect(r.arrivals.dismiss(arrival?.id ?? '')).toBe(true)
    expect(r.arrivals.list()).toEqual([])
    expect(r.seen).toEqual([{ type: 'arrivals.changed' }, { type: 'arrivals.changed' }])
  })
})
