import { createHash } from 'node:crypto'
import { stat } from 'node:fs/promises'
import { basename, dirname, join, relative, sep } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import { type FSWatcher, watch } from 'chokidar'
import { type FiledockErrorData, isFiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { QueueEvent, QueueItemView } from '../../shared/queue.ts'
import type { WatchActivity, WatchRule } from '../../shared/watch.ts'
import type { ApiClient } from '../api/client.ts'
import { isTransient } from '../api/retry.ts'
import { FolderMirror, type MirroredFolder } from '../queue/folder-mirror.ts'
import { moveToDone } from './done-folder.ts'
import { isPartialName } from './partial-names.ts'
import { lockRule } from './rule-lock.ts'
import { SentLog } from './sent-log.ts'
import { type FileState, StableFiles } from './stable-files.ts'
import type { WatchEngine } from './watch-engine.ts'

export interface FolderWatchOptions {
  rule: WatchRule
  engine: WatchEngine
  clientFor(accountId: string): Promise<ApiClient>
  /** Folder of the per-rule sent logs and locks (`<data>/watch`). */
  recordsDir: string
  onActivity(activity: WatchActivity): void
  /** Wait before files whose folder could not be made are tried again; default 15 s. */
  retryMs?: number
  /** Problems that stop nothing (a failed listing, a file that could not be moved): for the log. */
  log(line: string): void
  /**
   * Each folder the watch made on the host (its mirror of a sub-folder), as the host confirmed it: the app writes
   * it into its index as it does an upload's (core/app/create-core.ts), so it is listed before any re-read.
   */
  onFolderCreated?: ((folder: MirroredFolder) => void) | undefined
}

interface Waiting extends FileState {
  path: string
  relPath: string
}

/** Wait before files whose folder could not be made for a transient failure (isTransient) are tried again. */
const RETRY_MS = 15_000

/** Stable files are gathered this long before going to the queue together: a burst becomes one batch. */
const GATHER_MS = 200

/** A rule's identity on disk: the same folder, account and target share their record, whatever the rule's id. */
export function ruleKey(rule: Pick<WatchRule, 'dir' | 'accountId' | 'fldId'>): string {
  return createHash('sha256')
    .update(`${rule.dir}\u0000${rule.accountId}\u0000${rule.fldId}`)
    .digest('hex')
    .slice(0, 20)
}

/**
 * Takes the rule's lock (see rule-lock.ts) before its queue or watcher opens; returns the release function.
 */
export function lockWatch(recordsDir: string, rule: WatchRule): Promise<() => Promise<void>> {
  return lockRule(join(recordsDir, `${ruleKey(rule)}.lock`), rule.dir)
}

/**
 * One watch rule at work (its lock held: lockWatch): chokidar reports files under the folder (those already there at start too — the
 * catch-up), StableFiles waits until each has settled, and settled files go to the upload queue into the mirror
 * of their sub-folder. A file goes up once per version: the sent log says what landed, and after a kill the
 * queue's own journal holds what was on its way (adopted here by its path, never queued twice).
 */
export class FolderWatch {
  private readonly stable: StableFiles
  private readonly mirror: FolderMirror
  private readonly abort = new AbortController()
  /** Sources on their way up (queued by this watch or adopted from the queue), by local path. */
  private readonly inFlight = new Map<string, Waiting>()
  private gathered: Waiting[] = []
  private gatherTimer: NodeJS.Timeout | null = null
  private sending: Promise<void> = Promise.resolve()
  private readonly landing = new Set<Promise<void>>()
  private readonly recording = new Set<string>()
  private readonly retries = new Set<NodeJS.Timeout>()
  /** Empty files waiting for content, with the gap before their next look. */
  private readonly empty = new Map<string, { delayMs: number; timer: NodeJS.Timeout }>()
  private watcher: FSWatcher | null = null
  private stopEvents: () => void = () => undefined
  private ready = false
  private closed = false

  private constructor(
    private readonly o: FolderWatchOptions,
    private readonly log: SentLog,
  ) {
    this.stable = new StableFiles(o.rule.minAgeMs, (path, state) => this.settled(path, state))
    this.mirror = new FolderMirror(this.abort.signal, o.onFolderCreated)
  }

  /** Starts watching; resolves once the folder's existing files have been seen (the catch-up is under way). */
  static async start(o: FolderWatchOptions): Promise<FolderWatch> {
    const w = new FolderWatch(o, await SentLog.open(join(o.recordsDir, `${ruleKey(o.rule)}.jsonl`)))
    try {
      w.stopEvents = o.engine.onEvent(w.onQueueEvent)
      await w.adoptQueued()
      await w.watch()
    } catch (error) {
      await w.close()
      throw error
    }
    return w
  }

  /** Files waiting to settle or on their way up. */
  get pending(): number {
    return this.stable.size + this.gathered.length + this.inFlight.size
  }

  get sent(): number {
    return this.log.count
  }

  /** The catch-up listing is done and nothing is settling, gathered or on its way. */
  get idle(): boolean {
    return this.ready && this.pending === 0
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    this.abort.abort()
    this.stable.close()
    if (this.gatherTimer) clearTimeout(this.gatherTimer)
    for (const timer of this.retries) clearTimeout(timer)
    for (const path of [...this.empty.keys()]) this.clearEmpty(path)
    await this.watcher?.close()
    await this.sending.catch(() => undefined)
    // No landing starts after this; one left out is still in the queue, adopted by the next start.
    this.stopEvents()
    await Promise.all(this.landing)
    await this.log.close()
  }

  /**
   * Files of this rule the queue already holds from a run that ended early: still on their way (the engine
   * resumes them as soon as it opens), or landed before their sent record was written. Those on their way are
   * awaited rather than queued again; those landed are written down now.
   */
  private async adoptQueued(): Promise<void> {
    const { engine, rule } = this.o
    const mine = (item: QueueItemView) =>
      item.kind === 'file' &&
      item.accountId === rule.accountId &&
      item.source.startsWith(`${rule.dir}${sep}`) &&
      item.state !== 'failed' &&
      item.state !== 'cancelled'
    const states = new Map<string, FileState>()
    for (const item of engine.snapshot().items) {
      if (!mine(item) || states.has(item.source)) continue
      const st = await stat(item.source).catch(() => null)
      if (st !== null) states.set(item.source, { size: st.size, mtimeMs: st.mtimeMs })
    }
    // Taken again with nothing awaited from here on, so no item event slips between this look and inFlight.
    for (const item of engine.snapshot().items) {
      const state = states.get(item.source)
      if (!mine(item) || state === undefined) continue
      const relPath = relative(rule.dir, item.source).split(sep).join('/')
      if (this.log.has(relPath, state)) continue
      // Changed since it was queued: that item carried an older version; this one settles and goes on its own.
      if (item.state === 'done' && item.addedAt < state.mtimeMs) continue
      this.inFlight.set(item.source, { path: item.source, relPath, ...state })
      if (item.state === 'done') this.sending = this.sending.then(() => this.landed(item))
    }
  }

  private async watch(): Promise<void> {
    const { dir, doneDir } = this.o.rule
    const insideDone = (p: string) => doneDir !== null && (p === doneDir || p.startsWith(`${doneDir}${sep}`))
    const watcher = watch(dir, {
      ignoreInitial: false,
      followSymlinks: false,
      ignored: (p) => p !== dir && (isPartialName(basename(p)) || insideDone(p)),
    })
    this.watcher = watcher
    watcher.on('add', (p) => this.stable.track(p))
    watcher.on('change', (p) => this.stable.track(p))
    watcher.on('unlink', (p) => {
      this.stable.forget(p)
      this.clearEmpty(p)
    })
    watcher.on('error', (error) => this.o.log(`Filedock: watching ${dir}: ${String(error)}`))
    await new Promise<void>((resolve, reject) => {
      watcher.once('ready', () => resolve())
      watcher.once('error', reject)
    })
    this.ready = true
  }

  private settled(path: string, state: FileState): void {
    if (this.closed || this.inFlight.has(path) || this.gathered.some((g) => g.path === path)) return
    // An empty file is most often one whose writer has created it and not written yet (a busy disk can hold that
    // for seconds); the queue refuses empty files anyway. It is looked at again later, with growing gaps (the
    // change event of its first write is the usual way back, this is the safety net), and sent once it has content.
    if (state.size === 0) {
      this.lookAgainLater(path)
      return
    }
    this.clearEmpty(path)
    const relPath = relative(this.o.rule.dir, path).split(sep).join('/')
    if (this.log.has(relPath, state)) return
    this.gathered.push({ path, relPath, ...state })
    this.gatherTimer ??= setTimeout(() => {
      this.gatherTimer = null
      const batch = this.gathered
      this.gathered = []
      this.sending = this.sending.then(() => this.send(batch))
    }, GATHER_MS)
  }

  private lookAgainLater(path: string): void {
    const previous = this.empty.get(path)
    if (previous) clearTimeout(previous.timer)
    const delayMs = Math.min(Math.max(previous ? previous.delayMs * 2 : this.o.rule.minAgeMs, 1000), 60_000)
    const timer = setTimeout(() => this.stable.track(path), delayMs)
    timer.unref?.()
    this.empty.set(path, { delayMs, timer })
  }

  private clearEmpty(path: string): void {
    const entry = this.empty.get(path)
    if (entry) clearTimeout(entry.timer)
    this.empty.delete(path)
  }

  private async send(batch: Waiting[]): Promise<void> {
    if (this.closed) return
    const { engine, rule } = this.o
    // The queue may hold these files already: queued before a kill (still on their way), or landed while the
    // sent log was not yet written. Those are adopted, not queued again.
    const known = new Map<string, QueueItemView>()
    for (const item of engine.snapshot().items) {
      if (item.kind !== 'file' || item.accountId !== rule.accountId) continue
      if (item.state === 'failed' || item.state === 'cancelled') continue
      known.set(item.source, item)
    }
    const byFolder = new Map<string, Waiting[]>()
    for (const file of batch) {
      const item = known.get(file.path)
      // Queued after the file's last change: that item carries this version.
      if (item && item.addedAt >= file.mtimeMs && item.size === file.size) {
        this.inFlight.set(file.path, file)
        if (item.state === 'done') await this.landed(item)
        continue
      }
      const relDir = dirname(file.relPath)
      const group = byFolder.get(relDir) ?? []
      group.push(file)
      byFolder.set(relDir, group)
    }
    for (const [relDir, files] of byFolder) await this.enqueue(relDir, files)
  }

  private async enqueue(relDir: string, files: Waiting[]): Promise<void> {
    const { engine, rule } = this.o
    const parts = relDir === '.' ? [] : relDir.split('/')
    for (const f of files) this.inFlight.set(f.path, f)
    try {
      const client = await this.o.clientFor(rule.accountId)
      const fldId = await this.mirror.ensure(rule.accountId, client, rule.fldId, parts)
      const result = await engine.enqueuePaths({
        paths: files.map((f) => f.path),
        // The history shows the folder's path only when the rule targets the root, where it is known.
        targets: [
          { accountId: rule.accountId, fldId, ...(rule.fldId === 0 ? { folderPath: parts.join('/') } : {}) },
        ],
        // A file of the same name and size already in the folder is not sent again (a sent record lost with its
        // data folder, or the same files watched from another computer): the queue reports it as already there.
        ifAlreadyThere: 'skip',
      })
      for (const p of result.problems) {
        const file = files.find((f) => f.path === p.path)
        // The queue's words (its renderer says the same by the problem's kind): English only here.
        if (file && p.kind !== 'storage_unchecked')
          this.failed(file, { kind: 'invalid_input', message: p.message })
      }
    } catch (error) {
      if (this.closed) return
      // The host is unreachable or busy (making the mirrored folder needs it): the files wait and are tried
      // again, as the queue does with its own uploads, rather than being given up on. The one answer to "is this
      // transient?": a refusal in the 4xx range is not, and would fail the same way every RETRY_MS.
      if (isTransient(error)) {
        const wait = this.o.retryMs ?? RETRY_MS
        this.o.log(`Filedock: ${this.o.rule.dir}: ${error.message} Trying again in ${wait / 1000} s.`)
        const timer = setTimeout(() => {
          this.retries.delete(timer)
          for (const f of files) {
            this.inFlight.delete(f.path)
            this.stable.track(f.path)
          }
        }, wait)
        this.retries.add(timer)
        return
      }
      const failure = isFiledockError(error)
        ? error.toJSON()
        : { kind: 'internal' as const, message: String(error) }
      for (const f of files) this.failed(f, failure)
    }
  }

  private readonly onQueueEvent = (event: QueueEvent): void => {
    if (event.type !== 'queue.item') return
    const item = event.item
    const file = this.inFlight.get(item.source)
    if (!file || item.accountId !== this.o.rule.accountId) return
    if (item.state === 'done') {
      // Not behind `sending`: a landing need not wait for the next batch to be queued.
      const task = this.landed(item).catch((error: unknown) =>
        this.o.log(`Filedock: recording the upload of ${item.source}: ${String(error)}`),
      )
      this.landing.add(task)
      void task.finally(() => this.landing.delete(task))
    } else if (item.state === 'failed' || item.state === 'cancelled') {
      this.failed(file, item.error ?? translatedError({ kind: 'cancelled' }, TEXT.cancelled).toJSON())
    }
  }

  /** The engine verified the landing: write it down, then (if asked) move the file to the Done folder. */
  private async landed(item: QueueItemView): Promise<void> {
    const file = this.inFlight.get(item.source)
    // One landing is written down and announced once, whether its event or the adoption at start saw it first.
    if (!file || item.fileCode === null || this.recording.has(item.source)) return
    this.recording.add(item.source)
    let sent: FileState
    try {
      sent = await uploadedVersion(file, item)
      await this.log.record({
        relPath: file.relPath,
        ...sent,
        fileCode: item.fileCode,
        at: item.finishedAt ?? Date.now(),
      })
    } finally {
      this.recording.delete(item.source)
    }
    this.inFlight.delete(item.source)
    this.o.onActivity({
      type: 'sent',
      ruleId: this.o.rule.id,
      relPath: file.relPath,
      path: file.path,
      size: sent.size,
      fileCode: item.fileCode,
      pageLink: item.pageLink,
      fldId: item.targetFldId ?? item.fldId,
      alreadyThere: item.alreadyThere === true,
      at: Date.now(),
    })
    const doneDir = this.o.rule.doneDir
    if (doneDir === null) return
    try {
      const to = await moveToDone({ path: file.path, ...sent }, join(doneDir, ...file.relPath.split('/')))
      if (to !== null)
        this.o.onActivity({
          type: 'moved',
          ruleId: this.o.rule.id,
          relPath: file.relPath,
          to,
          at: Date.now(),
        })
    } catch (error) {
      this.o.log(`Filedock: could not move ${file.path} to ${doneDir}: ${String(error)}`)
    }
  }

  private failed(file: Waiting, error: FiledockErrorData): void {
    this.inFlight.delete(file.path)
    this.o.onActivity({
      type: 'failed',
      ruleId: this.o.rule.id,
      relPath: file.relPath,
      path: file.path,
      message: error.message,
      ...(error.messageId !== undefined ? { error } : {}),
      at: Date.now(),
    })
  }
}

/**
 * The version of the file the queue sent. The queue reads the file when it is queued, so a write that came
 * between the watch's last look and the queueing went up too: when the file on disk has the uploaded size and
 * was last changed before it was queued, that is the version sent. A file changed after it was queued keeps the
 * state the watch saw, so its newer version settles and goes up on its own.
 */
async function uploadedVersion(file: FileState, item: QueueItemView): Promise<FileState> {
  const now = await stat(item.source).catch(() => null)
  if (now !== null && now.size === item.size && now.mtimeMs <= item.addedAt)
    return { size: now.size, mtimeMs: now.mtimeMs }
  return { size: file.size, mtimeMs: file.mtimeMs }
}

const TEXT = defineMessages({
  cancelled: { id: 'errors.watch.uploadCancelled', defaultMessage: 'The upload was cancelled.' },
})
