import { randomUUID } from 'node:crypto'
import { mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import { type ErrorValues, FiledockError, isFiledockError } from '../../shared/errors.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'
import type { AppEvent } from '../../shared/ipc/events.ts'
import {
  MAX_WATCH_RULES,
  type NewWatchRule,
  newWatchRuleSchema,
  type WatchActivity,
  type WatchRule,
  type WatchStatus,
} from '../../shared/watch.ts'
import type { ApiClient } from '../api/client.ts'
import type { EventBus } from '../ipc/event-bus.ts'
import type { MirroredFolder } from '../queue/folder-mirror.ts'
import { FolderWatch, lockWatch } from './folder-watch.ts'
import type { WatchEngine } from './watch-engine.ts'

export const WATCH_DIR = 'watch'

export interface WatchServiceOptions {
  dataDir: string
  /** The rules as saved, and how to save them (the app's settings). */
  rules(): WatchRule[]
  saveRules(rules: WatchRule[]): Promise<void>
  /** The app's upload queue; throws while another Filedock holds it. */
  engine(): WatchEngine
  clientFor(accountId: string): Promise<ApiClient>
  accountExists(accountId: string): boolean
  events: EventBus<AppEvent>
  log(line: string): void
  /** Each folder a watch made on the host (FolderWatchOptions.onFolderCreated). */
  onFolderCreated?: ((folder: MirroredFolder) => void) | undefined
}

interface Running {
  watch: FolderWatch | null
  unlock: (() => Promise<void>) | null
  state: WatchStatus['state']
  problem: FiledockError | null
  sent: number
  lastActivity: WatchActivity | null
  /** Start and stop of one rule run one after another. */
  turn: Promise<void>
}

/** watch.changed at most this often: a burst of 200 landings is one refetch. */
const CHANGED_EVERY_MS = 250

/**
 * The app's watch folders: each saved rule that is not paused runs a FolderWatch on the app's upload queue, so
 * watched files show in the queue drawer and the history like dropped ones. Rules live in the settings; a rule
 * whose account is removed goes with it.
 */
export class WatchService {
  private readonly running = new Map<string, Running>()
  private changedTimer: NodeJS.Timeout | null = null
  private closed = false
  private readonly recordsDir: string

  constructor(private readonly o: WatchServiceOptions) {
    this.recordsDir = join(o.dataDir, WATCH_DIR)
  }

  /** Starts the saved rules in the background: a missing folder or a busy lock shows on its rule, not at start-up. */
  start(): void {
    for (const rule of this.o.rules()) this.runtime(rule.id).turn = this.startRule(rule)
  }

  list(): WatchStatus[] {
    return this.o.rules().map((rule) => this.status(rule))
  }

  async add(input: NewWatchRule): Promise<WatchStatus> {
    const fields = newWatchRuleSchema.parse(input)
    const rules = this.o.rules()
    if (rules.length >= MAX_WATCH_RULES) throw invalid(TEXT.tooMany, { max: MAX_WATCH_RULES })
    if (!this.o.accountExists(fields.accountId)) throw invalid(TEXT.noAccount)
    const info = await stat(fields.dir).catch(() => null)
    if (info === null || !info.isDirectory()) throw invalid(TEXT.notAFolder, { dir: fields.dir })
    if (fields.doneDir === fields.dir) throw invalid(TEXT.doneSame)
    const twin = rules.find(
      (r) => r.dir === fields.dir && r.accountId === fields.accountId && r.fldId === fields.fldId,
    )
    if (twin) throw invalid(TEXT.twin, { dir: fields.dir })
    const rule: WatchRule = { id: randomUUID(), ...fields, paused: false }
    await this.o.saveRules([...rules, rule])
    const r = this.runtime(rule.id)
    r.turn = r.turn.then(() => this.startRule(rule))
    await r.turn
    this.changed()
    return this.status(rule)
  }

  async setPaused(id: string, paused: boolean): Promise<WatchStatus> {
    const rule = this.rule(id)
    const next = { ...rule, paused }
    await this.o.saveRules(this.o.rules().map((r) => (r.id === id ? next : r)))
    const r = this.runtime(id)
    // Pausing twice, or resuming a running rule, changes nothing: the turn sees the rule's state as saved.
    r.turn = r.turn.then(() => (paused ? this.stopRule(id) : this.startRule(next)))
    await r.turn
    this.changed()
    return this.status(next)
  }

  async remove(id: string): Promise<void> {
    this.rule(id)
    await this.o.saveRules(this.o.rules().filter((r) => r.id !== id))
    const r = this.runtime(id)
    r.turn = r.turn.then(() => this.stopRule(id))
    await r.turn
    this.running.delete(id)
    this.changed()
  }

  /** Rules of an account that was removed go with it: their uploads could never run. */
  async accountRemoved(accountId: string): Promise<void> {
    for (const rule of this.o.rules()) if (rule.accountId === accountId) await this.remove(rule.id)
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.changedTimer) clearTimeout(this.changedTimer)
    await Promise.all(
      [...this.running.keys()].map((id) => {
        const r = this.runtime(id)
        r.turn = r.turn.then(() => this.stopRule(id))
        return r.turn
      }),
    )
  }

  private rule(id: string): WatchRule {
    const rule = this.o.rules().find((r) => r.id === id)
    if (!rule) throw translatedError({ kind: 'not_found' }, TEXT.noRule)
    return rule
  }

  private runtime(id: string): Running {
    let r = this.running.get(id)
    if (!r) {
      r = {
        watch: null,
        unlock: null,
        state: 'starting',
        problem: null,
        sent: 0,
        lastActivity: null,
        turn: Promise.resolve(),
      }
      this.running.set(id, r)
    }
    return r
  }

  private status(rule: WatchRule): WatchStatus {
    const r = this.running.get(rule.id)
    const watch = r?.watch ?? null
    return {
      rule,
      state: rule.paused ? 'paused' : (r?.state ?? 'starting'),
      problem: r?.problem?.message ?? null,
      ...(r?.problem ? { problemError: r.problem.toJSON() } : {}),
      pending: watch?.pending ?? 0,
      sent: watch?.sent ?? r?.sent ?? 0,
      lastActivity: r?.lastActivity ?? null,
    }
  }

  private async startRule(rule: WatchRule): Promise<void> {
    const r = this.runtime(rule.id)
    if (this.closed || rule.paused || r.watch !== null) return
    r.state = 'starting'
    r.problem = null
    try {
      await mkdir(this.recordsDir, { recursive: true, mode: 0o700 })
      const info = await stat(rule.dir).catch(() => null)
      if (info === null || !info.isDirectory()) throw invalid(TEXT.gone, { dir: rule.dir })
      r.unlock = await lockWatch(this.recordsDir, rule)
      r.watch = await FolderWatch.start({
        rule,
        engine: this.o.engine(),
        clientFor: this.o.clientFor,
        recordsDir: this.recordsDir,
        onActivity: (a) => {
          r.lastActivity = a
          this.changed()
        },
        log: this.o.log,
        onFolderCreated: this.o.onFolderCreated,
      })
      r.state = 'watching'
    } catch (error) {
      await r.unlock?.()
      r.unlock = null
      r.state = 'error'
      r.problem = isFiledockError(error)
        ? error
        : new FiledockError({ kind: 'internal', message: String(error) }, { cause: error })
      this.o.log(`Filedock: the watch of ${rule.dir} did not start: ${r.problem.message}`)
    }
    this.changed()
  }

  private async stopRule(id: string): Promise<void> {
    const r = this.runtime(id)
    const watch = r.watch
    r.watch = null
    if (watch) {
      r.sent = watch.sent
      await watch.close()
    }
    await r.unlock?.()
    r.unlock = null
    r.state = 'paused'
    r.problem = null
  }

  private changed(): void {
    if (this.closed || this.changedTimer) return
    this.changedTimer = setTimeout(() => {
      this.changedTimer = null
      this.o.events.emit({ type: 'watch.changed' })
    }, CHANGED_EVERY_MS)
  }
}

function invalid(text: ErrorMessage, values?: ErrorValues): FiledockError {
  return translatedError({ kind: 'invalid_input' }, text, values)
}

const TEXT = defineMessages({
  tooMany: {
    id: 'errors.watch.tooMany',
    defaultMessage: '{max, plural, one {At most # watch folder.} other {At most # watch folders.}}',
  },
  noAccount: { id: 'errors.watch.noAccount', defaultMessage: 'That account is not in Filedock.' },
  notAFolder: { id: 'errors.watch.notAFolder', defaultMessage: '{dir} is not a folder.' },
  doneSame: {
    id: 'errors.watch.doneSame',
    defaultMessage: 'The Done folder must be another folder than the watched one.',
  },
  twin: { id: 'errors.watch.twin', defaultMessage: '{dir} is already watched for this account and folder.' },
  noRule: { id: 'errors.watch.noRule', defaultMessage: 'That watch folder is not set up (any more).' },
  gone: { id: 'errors.watch.gone', defaultMessage: '{dir} is not there (any more).' },
})
