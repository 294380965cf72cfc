import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AppImageUpdater } from 'electron-updater'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FiledockError } from '../../shared/errors.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { UpdateStatus } from '../../shared/updates.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { createEventBus, type EventBus } from '../ipc/event-bus.ts'
import { type FakeApp, fakeApp } from './testing/fake-app.ts'
import { NodeHttpExecutor } from './testing/node-http-executor.ts'
import { type FeedRelease, serveUpdateFeed, sha512Base64, type UpdateFeed } from './testing/update-feed.ts'
import type { UpdateKind } from './update-kind.ts'
import { UPDATE_DELAYS, UpdateService, type UpdateServiceOptions } from './update-service.ts'

/**
 * The update logic against a real feed: electron-updater's own AppImageUpdater reads the feed (latest-linux.yml
 * and the AppImage) from an HTTP server on loopback, downloads and checks the sha512, and installs over
 * $APPIMAGE. Electron's part is faked: its `app` (fake-app.ts) and its `net` (Node's http, node-http-executor.ts).
 * The "AppImages" are shell scripts, so an install can be seen: the new one runs and leaves a mark.
 */
let work: string
let appImage: string
let mark: string
let feed: UpdateFeed | null
let events: EventBus<AppEvent>
let timers: Array<{ ms: number; run: () => void; cancelled: boolean }>
const NOW = 1_790_000_000_000

const script = (name: string) =>
  `#!/bin/sh\necho "${name} exit-after-install=$APPIMAGE_EXIT_AFTER_INSTALL" > "$UPDATE_MARK"\n`
const NEW_BUILD = Buffer.from(script('2.0.0'))
const release = (o: Partial<FeedRelease> = {}): FeedRelease => ({
  version: '2.0.0',
  file: { name: 'Filedock-2.0.0-x86_64.AppImage', body: NEW_BUILD },
  ...o,
})

beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'filedock-updates-'))
  appImage = join(work, 'Filedock.AppImage')
  mark = join(work, 'installed.txt')
  await writeFile(appImage, script('1.0.0'), { mode: 0o755 })
  vi.stubEnv('APPIMAGE', appImage)
  vi.stubEnv('UPDATE_MARK', mark)
  feed = null
  events = createEventBus<AppEvent>()
  timers = []
})

afterEach(async () => {
  vi.unstubAllEnvs()
  await feed?.close()
  await rm(work, { recursive: true, force: true })
})

interface Setup {
  service: UpdateService
  app: FakeApp
  http: NodeHttpExecutor
  quits: number
}

async function setup(
  o: { release?: FeedRelease; checksOn?: () => boolean; kind?: UpdateKind; quit?: () => boolean } = {},
): Promise<Setup> {
  feed = await serveUpdateFeed(o.release ?? release())
  const app = await fakeApp(work, { version: '1.0.0', feedUrl: feed.url })
  const http = new NodeHttpExecutor()
  const made: Setup = { service: null as unknown as UpdateService, app, http, quits: 0 }
  const options: UpdateServiceOptions = {
    kind: o.kind ?? { kind: 'updater', updater: 'appimage' },
    dataDir: join(work, 'data'),
    checksOn: o.checksOn ?? (() => true),
    events,
    log: () => undefined,
    makeUpdater: async () => {
      const updater = new AppImageUpdater(null, app)
      // What electron-updater does with Electron's net, done with Node's http (electron-builder's own tests too).
      Object.assign(updater, { httpExecutor: http })
      updater.logger = process.env.UPDATE_LOG ? console : null
      return updater
    },
    quit: () => {
      made.quits++
      return o.quit ? o.quit() : true
    },
    schedule: (ms, run) => {
      const timer = { ms, run, cancelled: false }
      timers.push(timer)
      return () => {
        timer.cancelled = true
      }
    },
    now: () => NOW,
  }
  made.service = new UpdateService(options)
  return made
}

/** The status once `ok` holds, as the window learns it: on an updates.changed event. */
function statusWhen(service: UpdateService, ok: (s: UpdateStatus) => boolean): Promise<UpdateStatus> {
  return new Promise((resolve) => {
    if (ok(service.status())) return resolve(service.status())
    const stop = events.subscribe((event) => {
      if (event.type === 'updates.changed' && ok(service.status())) {
        stop()
        resolve(service.status())
      }
    })
  })
}

const pending = () => timers.filter((t) => !t.cancelled)

describe('updates from a feed', () => {
  it('finds a newer version in the feed, downloads it in the background, checks its sha512 and asks before installing', async () => {
    const { service, app } = await setup()
    service.start()
    expect(pending().map((t) => t.ms)).toEqual([UPDATE_DELAYS.firstMs])
    pending()[0]?.run()
    const ready = await statusWhen(service, (s) => s.state === 'ready')
    expect(ready).toEqual({ state: 'ready', version: '2.0.0', installOnQuit: false })
    expect(feed?.requests).toEqual(['/latest-linux.yml', '/Filedock-2.0.0-x86_64.AppImage'])

    // Not answered: quitting installs nothing, and electron-updater was not left to install on quit by itself.
    expect(service.installOnExit()).toBe(false)
    expect(app.quitHandlers).toEqual([])
    expect(await readFile(appImage, 'utf8')).toBe(script('1.0.0'))

    expect(service.installOnQuit()).toEqual({ state: 'ready', version: '2.0.0', installOnQuit: true })
    expect(service.installOnExit()).toBe(true)
    // The AppImage was replaced by the downloaded one, which ran once to finish its install and exit.
    expect(await readFile(appImage)).toEqual(NEW_BUILD)
    expect(await readFile(mark, 'utf8')).toBe('2.0.0 exit-after-install=true\n')
  })

  it('"Restart now" quits the app first, then installs and starts the new version', async () => {
    const made = await setup()
    const { service } = made
    await service.check()
    await statusWhen(service, (s) => s.state === 'ready')
    service.restart()
    expect(made.quits).toBe(1)
    expect(service.installOnExit()).toBe(true)
    // Started for good, not just to finish the install.
    await vi.waitFor(() => expect(existsSync(mark)).toBe(true))
    await vi.waitFor(async () => expect(await readFile(mark, 'utf8')).toBe('2.0.0 exit-after-install=\n'))
    expect(await readFile(appImage)).toEqual(NEW_BUILD)
  })

  it('keeps the update when the quit is called off (uploads running), and installs nothing then', async () => {
    const { service } = await setup({ quit: () => false })
    await service.check()
    await statusWhen(service, (s) => s.state === 'ready')
    service.restart()
    expect(service.installOnExit()).toBe(false)
    expect(service.status()).toEqual({ state: 'ready', version: '2.0.0', installOnQuit: false })
    expect(await readFile(appImage, 'utf8')).toBe(script('1.0.0'))
  })

  it('throws away a download whose sha512 is not the one the feed published, and tries again later', async () => {
    const damaged = release({ sha512: sha512Base64(Buffer.from('another build')) })
    const { service } = await setup({ release: damaged })
    await service.check()
    const failed = await statusWhen(service, (s) => s.state === 'error')
    expect(failed).toEqual({
      state: 'error',
      message: 'The downloaded update did not match the checksum its feed published, so it was thrown away.',
      error: expect.objectContaining({ messageId: 'errors.updates.checksum' }),
      retryAt: NOW + UPDATE_DELAYS.retryMs,
    })
    if (failed.state !== 'error' || failed.error === undefined) return expect.fail('no error with an id')
    expect(errorText(await intlFor('es'), failed.error)).toBe(
      'La actualización descargada no coincidía con la suma de comprobación publicada en su fuente, así que se descartó.',
    )
    expect(feed?.requests).toContain('/Filedock-2.0.0-x86_64.AppImage')
    expect(pending().map((t) => t.ms)).toEqual([UPDATE_DELAYS.retryMs])
    expect(() => service.installOnQuit()).toThrow('No update is ready')
    expect(service.installOnExit()).toBe(false)
    expect(await readFile(appImage, 'utf8')).toBe(script('1.0.0'))
  })

  it('is up to date when the feed has this version: nothing downloaded, the next check in a few hours', async () => {
    const { service } = await setup({ release: release({ version: '1.0.0' }) })
    expect(await service.check()).toEqual({ state: 'idle', checkedAt: NOW })
    expect(feed?.requests).toEqual(['/latest-linux.yml'])
    expect(pending().map((t) => t.ms)).toEqual([UPDATE_DELAYS.everyMs])
  })

  it('says the server cannot be reached when it is down', async () => {
    const { service } = await setup()
    await feed?.close()
    feed = null
    const failed = await service.check()
    expect(failed).toMatchObject({ state: 'error', message: expect.stringMatching(/could not be reached/) })
  })

  it('checks nothing by itself while the setting is off; "Check now" still checks, and turning it on schedules', async () => {
    let on = false
    const { service } = await setup({ checksOn: () => on, release: release({ version: '1.0.0' }) })
    service.start()
    expect(pending()).toEqual([])
    expect(await service.check()).toEqual({ state: 'idle', checkedAt: NOW })
    expect(feed?.requests).toEqual(['/latest-linux.yml'])
    // A check the person asked for does not start the schedule either.
    expect(pending()).toEqual([])

    on = true
    events.emit({ type: 'settings.changed' })
    expect(pending().map((t) => t.ms)).toEqual([UPDATE_DELAYS.firstMs])
    on = false
    events.emit({ type: 'settings.changed' })
    expect(pending()).toEqual([])
  })

  it('never checks in the portable build, and says where its data is', async () => {
    const { service } = await setup({ kind: { kind: 'portable' } })
    service.start()
    expect(pending()).toEqual([])
    expect(await service.check()).toEqual({ state: 'portable', dataDir: join(work, 'data') })
    expect(feed?.requests).toEqual([])
  })
})

describe('updates in the reader’s language', () => {
  it('refuses to install before an update is ready, in Indonesian', async () => {
    const { service } = await setup()
    let error: FiledockError | null = null
    try {
      service.installOnQuit()
    } catch (e) {
      error = e as FiledockError
    }
    expect(error?.message).toBe('No update is ready to install yet.')
    expect(errorText(await intlFor('id'), error as FiledockError)).toBe(
      'Belum ada pembaruan yang siap dipasang.',
    )
  })
})
