import { defineMessages } from '@formatjs/intl'
import type { ProgressInfo, UpdateCheckResult } from 'electron-updater'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import type { UpdateStatus } from '../../shared/updates.ts'
import type { EventBus } from '../ipc/event-bus.ts'
import { updateError } from './update-errors.ts'
import type { UpdateKind, UpdaterName } from './update-kind.ts'

/** The part of electron-updater's updaters used here (AppImageUpdater, DebUpdater and NsisUpdater satisfy it). */
export interface UpdaterLike {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  checkForUpdates(): Promise<UpdateCheckResult | null>
  /** Installs the downloaded update now; `isForceRunAfter`: then starts the new version. */
  install(isSilent?: boolean, isForceRunAfter?: boolean): boolean
  on(event: 'download-progress', listener: (info: ProgressInfo) => void): unknown
}

/** The app's updater as the updates.* channels see it (core/app/handlers/update-handlers.ts). */
export interface UpdatesPort {
  status(): UpdateStatus
  /** Checks now (the user asked), and answers the status once the check (not the download) is done. */
  check(): Promise<UpdateStatus>
  /** "On quit": the downloaded update installs when Filedock quits. */
  installOnQuit(): UpdateStatus
  /** "Restart now": quits, installs the downloaded update and starts it; refuses when none is ready. */
  restart(): void
  /** Stops the timers: no check starts after this. */
  stop(): void
}

/** Runs `run` after `ms`; the answer cancels it. */
export type Schedule = (ms: number, run: () => void) => () => void

export const UPDATE_DELAYS = {
  /** After start-up, so the first check never competes with opening the window and the accounts. */
  firstMs: 10_000,
  everyMs: 4 * 3_600_000,
  /** After a failed check or download (offline, server down, a damaged file): soon, but not in a loop. */
  retryMs: 30 * 60_000,
}

export interface UpdateServiceOptions {
  kind: UpdateKind
  /** The app's data folder (shown for the portable build: it is beside the executable). */
  dataDir: string
  /** The user's setting (Settings → Updates): whether checks run by themselves. Read at each decision. */
  checksOn: () => boolean
  events: EventBus<AppEvent>
  log: (line: string) => void
  /** Makes electron-updater's updater for this install; called once, at the first check. */
  makeUpdater: (which: UpdaterName) => Promise<UpdaterLike>
  /** Quits the app as its Quit does (asking first while uploads run); answers whether the quit goes ahead. */
  quit: () => boolean
  schedule?: Schedule
  now?: () => number
  delays?: typeof UPDATE_DELAYS
}

/** What the person answered to "Filedock X.Y.Z is ready". */
type Answer = 'none' | 'on-quit' | 'now'

/**
 * The app's updates. electron-updater reads the feed named in electron-builder.yml (`publish`, copied into the
 * app's app-update.yml), downloads a newer version in the background and checks its sha512 against the feed's
 * (on Windows also the publisher's signature); this class decides when, says what happens, and installs only
 * once the person has answered the prompt. While the setting is on, a check runs shortly after start, then every
 * few hours, and again after a failure; off, nothing runs by itself, but "Check now" still does. The portable
 * build and copies that no installer put in place never check.
 *
 * electron-updater's own install-on-quit is off (autoInstallOnAppQuit): it would install an update nobody was
 * asked about. The app's last step of quitting calls installOnExit() instead, which installs what was agreed.
 * A downloaded update that was not answered stays in electron-updater's cache: the next start finds it there
 * (its sha512 checked again, nothing downloaded) and asks again.
 */
export class UpdateService implements UpdatesPort {
  private current: UpdateStatus
  private updater: UpdaterLike | null = null
  private running: Promise<void> | null = null
  private cancelTimer: (() => void) | null = null
  private answer: Answer = 'none'
  private checksWereOn: boolean
  private readonly schedule: Schedule
  private readonly now: () => number
  private readonly delays: typeof UPDATE_DELAYS
  private readonly unsubscribe: () => void

  constructor(private readonly o: UpdateServiceOptions) {
    this.schedule = o.schedule ?? scheduleWithTimer
    this.now = o.now ?? Date.now
    this.delays = o.delays ?? UPDATE_DELAYS
    this.checksWereOn = o.checksOn()
    this.current = startStatus(o.kind, o.dataDir)
    this.unsubscribe = o.events.subscribe((event) => {
      if (event.type === 'settings.changed') this.settingsChanged()
    })
  }

  /** Schedules the first check (when this install can update and the user wants it). */
  start(): void {
    if (this.o.kind.kind === 'updater' && this.o.checksOn()) this.after(this.delays.firstMs)
  }

  status(): UpdateStatus {
    return this.current
  }

  async check(): Promise<UpdateStatus> {
    await this.run()
    return this.current
  }

  installOnQuit(): UpdateStatus {
    const ready = this.readyStatus()
    this.answer = 'on-quit'
    this.set({ ...ready, installOnQuit: true })
    return this.current
  }

  restart(): void {
    this.readyStatus()
    const before = this.answer
    this.answer = 'now'
    // Quitting asks first while uploads run; "keep uploading" cancels the restart, not the update.
    if (!this.o.quit()) this.answer = before
  }

  /**
   * The last step of quitting, after the core has closed: installs the update the person agreed to ("Restart
   * now" also starts the new version). Without an answer, nothing. Answers whether an install started.
   */
  installOnExit(): boolean {
    if (this.current.state !== 'ready' || this.updater === null || this.answer === 'none') return false
    this.o.log(
      `Filedock: updates: installing ${this.current.version}${this.answer === 'now' ? ' and restarting' : ''}`,
    )
    return this.updater.install(true, this.answer === 'now')
  }

  stop(): void {
    this.cancelTimer?.()
    this.cancelTimer = null
    this.unsubscribe()
  }

  private readyStatus(): Extract<UpdateStatus, { state: 'ready' }> {
    if (this.current.state !== 'ready') {
      throw translatedError({ kind: 'invalid_input' }, TEXT.notReady)
    }
    return this.current
  }

  private settingsChanged(): void {
    const on = this.o.checksOn()
    if (on === this.checksWereOn || this.o.kind.kind !== 'updater') return
    this.checksWereOn = on
    if (!on) {
      this.cancelTimer?.()
      this.cancelTimer = null
      if (this.current.state === 'error') this.set({ ...this.current, retryAt: null })
      return
    }
    if (this.current.state === 'idle' || this.current.state === 'error') this.after(this.delays.firstMs)
  }

  /** One check (and download) at a time; none once an update is on its way or ready. */
  private run(): Promise<void> {
    if (this.o.kind.kind !== 'updater') return Promise.resolve()
    const which = this.o.kind.updater
    if (this.running) return this.running
    if (this.current.state === 'downloading' || this.current.state === 'ready') return Promise.resolve()
    this.running = this.checkAndDownload(which).finally(() => {
      this.running = null
    })
    return this.running
  }

  private async checkAndDownload(which: UpdaterName): Promise<void> {
    this.cancelTimer?.()
    this.cancelTimer = null
    this.set({ state: 'checking' })
    try {
      const updater = await this.updaterFor(which)
      const result = await updater.checkForUpdates()
      if (result === null) {
        // electron-updater found nothing it can replace (it logged why).
        this.set({ state: 'unavailable', reason: 'no-installer' })
        return
      }
      if (!result.isUpdateAvailable || !result.downloadPromise) {
        this.set({ state: 'idle', checkedAt: this.now() })
        if (this.o.checksOn()) this.after(this.delays.everyMs)
        return
      }
      const version = result.updateInfo.version
      this.set({ state: 'downloading', version, percent: 0 })
      // The download goes on in the background: a check the person asked for answers now.
      void this.download(version, result.downloadPromise)
    } catch (error) {
      this.failed(error)
    }
  }

  private async download(version: string, downloaded: Promise<unknown>): Promise<void> {
    try {
      await downloaded
      this.answer = 'none'
      this.set({ state: 'ready', version, installOnQuit: false })
    } catch (error) {
      this.failed(error)
    }
  }

  private failed(error: unknown): void {
    const said = updateError(error)
    const { message } = said
    this.o.log(`Filedock: updates: ${message} (${error instanceof Error ? error.message : String(error)})`)
    const on = this.o.checksOn()
    const retryAt = on ? this.now() + this.delays.retryMs : null
    this.set({ state: 'error', message, error: said.toJSON(), retryAt })
    if (on) this.after(this.delays.retryMs)
  }

  private async updaterFor(which: UpdaterName): Promise<UpdaterLike> {
    if (this.updater) return this.updater
    const updater = await this.o.makeUpdater(which)
    updater.autoDownload = true
    updater.autoInstallOnAppQuit = false
    updater.on('download-progress', (info) => {
      const percent = Math.max(0, Math.min(100, Math.floor(info.percent)))
      if (this.current.state === 'downloading' && this.current.percent !== percent) {
        this.set({ ...this.current, percent })
      }
    })
    this.updater = updater
    return updater
  }

  private after(ms: number): void {
    this.cancelTimer?.()
    this.cancelTimer = this.schedule(ms, () => {
      this.cancelTimer = null
      void this.run()
    })
  }

  private set(status: UpdateStatus): void {
    this.current = status
    this.o.events.emit({ type: 'updates.changed' })
  }
}

function startStatus(kind: UpdateKind, dataDir: string): UpdateStatus {
  switch (kind.kind) {
    case 'portable':
      return { state: 'portable', dataDir }
    case 'development':
      return { state: 'unavailable', reason: 'development' }
    case 'no-installer':
      return { state: 'unavailable', reason: 'no-installer' }
    case 'updater':
      return { state: 'idle', checkedAt: null }
  }
}

const scheduleWithTimer: Schedule = (ms, run) => {
  const timer = setTimeout(run, ms)
  return () => clearTimeout(timer)
}

const TEXT = defineMessages({
  notReady: { id: 'errors.updates.notReady', defaultMessage: 'No update is ready to install yet.' },
})
