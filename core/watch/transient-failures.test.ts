import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ErrorKind, errorKinds, FiledockError } from '../../shared/errors.ts'
import type { WatchActivity } from '../../shared/watch.ts'
import { isTransient } from '../api/retry.ts'
import { HistoryStore } from '../history/history-store.ts'
import { UploadEngine } from '../queue/engine.ts'
import { classify, type Verdict } from '../queue/failures.ts'
import { FolderWatch } from './folder-watch.ts'

/**
 * One answer to "is this failure transient?" (core/api/retry.ts, isTransient), asked by the API client's retries
 * of reads, by a watch whose folder could not be made, and by the upload queue. A 4xx is not transient (except a
 * 429); a 5xx, a network failure, a timeout and an unreadable answer are. The queue adds verdicts of its own on
 * top (`queueRule` says why), never a second table.
 */
interface Row {
  name: string
  error: FiledockError
  transient: boolean
  queue: Verdict['kind']
  /** Why the queue's verdict is not simply retry (transient) or fail (not). */
  queueRule?: string
}

const fail = (kind: ErrorKind, extra: { status?: number; operation?: string; retryAfterMs?: number } = {}) =>
  new FiledockError({ kind, message: `a ${kind} failure`, ...extra })

const rows: Row[] = [
  {
    name: 'a value the host refused (400)',
    error: fail('invalid_input', { status: 400 }),
    transient: false,
    queue: 'fail',
  },
  {
    name: 'a rejected key (401)',
    error: fail('auth', { status: 401 }),
    transient: false,
    queue: 'auth',
    queueRule: 'every item would fail alike: pause',
  },
  {
    name: 'a locked keychain',
    error: fail('keychain'),
    transient: false,
    queue: 'auth',
    queueRule: 'every item would fail alike: pause',
  },
  {
    name: 'an operation not allowed (403)',
    error: fail('forbidden', { status: 403 }),
    transient: false,
    queue: 'fail',
  },
  {
    name: 'not found (404)',
    error: fail('not_found', { status: 404 }),
    transient: false,
    queue: 'retry',
    queueRule: 'a folder gone missing is made again',
  },
  { name: 'a conflict (409)', error: fail('server', { status: 409 }), transient: false, queue: 'fail' },
  {
    name: 'a method not allowed (405)',
    error: fail('server', { status: 405 }),
    transient: false,
    queue: 'fail',
  },
  { name: 'a redirect (302)', error: fail('server', { status: 302 }), transient: false, queue: 'fail' },
  {
    name: 'slow down (429)',
    error: fail('rate_limited', { status: 429, retryAfterMs: 2000 }),
    transient: true,
    queue: 'retry',
  },
  { name: 'slow down, in words', error: fail('rate_limited'), transient: true, queue: 'retry' },
  { name: 'a server failure (500)', error: fail('server', { status: 500 }), transient: true, queue: 'retry' },
  { name: 'unavailable (503)', error: fail('server', { status: 503 }), transient: true, queue: 'retry' },
  { name: 'a failure in the envelope', error: fail('server'), transient: true, queue: 'retry' },
  {
    name: "the upload server's refusal of the file",
    error: fail('server', { operation: 'upload/file' }),
    transient: true,
    queue: 'fail',
    queueRule: 'the upload server’s own words are final',
  },
  { name: 'an unreadable answer', error: fail('malformed'), transient: true, queue: 'retry' },
  {
    name: 'a network failure',
    error: fail('network'),
    transient: true,
    queue: 'offline',
    queueRule: 'probe the host before a pause or a retry',
  },
  {
    name: 'a timeout',
    error: fail('timeout'),
    transient: true,
    queue: 'offline',
    queueRule: 'probe the host before a pause or a retry',
  },
  {
    name: 'a cancel not asked for',
    error: fail('cancelled'),
    transient: false,
    queue: 'retry',
    queueRule: 'a shared listing aborted for another of its users',
  },
  {
    name: 'the local disk is full or not writable (a download)',
    error: fail('local_disk'),
    transient: false,
    queue: 'fail',
  },
  { name: 'a bug', error: fail('internal'), transient: false, queue: 'fail' },
]

let dir: string
let history: HistoryStore
let engine: UploadEngine

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-transient-'))
  history = await HistoryStore.open(join(dir, 'history'))
  engine = await UploadEngine.open({
    dataDir: join(dir, 'queue'),
    clientFor: () => {
      throw new Error('nothing is uploaded in this test')
    },
    accountLabel: () => 'Test',
    history,
  })
})

afterAll(async () => {
  await engine.close()
  await history.close()
  await rm(dir, { recursive: true, force: true })
})

describe('one answer to "is this failure transient?"', () => {
  it('covers every error kind', () => {
    const kinds = new Set(rows.map((r) => r.error.kind))
    expect([...kinds].sort()).toEqual([...errorKinds].sort())
  })

  it.each(rows.map((r) => [r.name, r] as const))('the API client and the queue: %s', (_name, row) => {
    expect(isTransient(row.error)).toBe(row.transient)
    const verdict = classify(row.error)
    expect(verdict.kind).toBe(row.queue)
    if (row.queueRule === undefined) expect(verdict.kind === 'retry').toBe(row.transient)
    if (row.error.retryAfterMs !== undefined)
      expect(verdict).toMatchObject({ retryAfterMs: row.error.retryAfterMs })
  })

  it('a watch whose folder cannot be made waits and tries again exactly on the transient ones', async () => {
    const outcome = await Promise.all(rows.map((row, i) => watchOutcome(`rule-${i}`, row.error)))
    expect(Object.fromEntries(rows.map((r, i) => [r.name, outcome[i]]))).toEqual(
      Object.fromEntries(rows.map((r) => [r.name, r.transient ? 'tries again' : 'gives up'])),
    )
  }, 30_000)
})

/** A watch of a new folder holding one file, whose account's client fails with `error` when the file settles. */
async function watchOutcome(name: string, error: FiledockError): Promise<'tries again' | 'gives up'> {
  const watched = join(dir, name)
  await mkdir(watched)
  await writeFile(join(watched, 'report.txt'), 'settled')
  const activity: WatchActivity[] = []
  const logs: string[] = []
  const watch = await FolderWatch.start({
    rule: { id: name, dir: watched, accountId: 'acc', fldId: 0, minAgeMs: 100, doneDir: null, paused: false },
    engine,
    clientFor: async () => {
      throw error
    },
    recordsDir: join(dir, 'records'),
    onActivity: (a) => activity.push(a),
    log: (line) => logs.push(line),
    retryMs: 60_000,
  })
  try {
    for (;;) {
      if (logs.some((l) => l.includes('Trying again'))) return 'tries again'
      if (activity.some((a) => a.type === 'failed')) return 'gives up'
      await new Promise((r) => setTimeout(r, 50))
    }
  } finally {
    await watch.close()
  }
}
