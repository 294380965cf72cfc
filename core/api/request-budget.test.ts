import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, type Dispatcher } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import { specVariant } from '../../sandbox/variants.ts'
import { FiledockError } from '../../shared/errors.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { ofType, openEngine, until } from '../queue/testing/support.ts'
import { ApiClient } from './client.ts'
import type { HostProfile } from './host-profile.ts'
import { lockOutOf, RequestBudget } from './request-budget.ts'
import { watchedHandler } from './watched-handler.ts'

let dir: string
let sandbox: SandboxHandle
const closing: { close(): Promise<void> }[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-budget-'))
  sandbox = await startSandbox({ dataDir: join(dir, 'data') })
})
afterEach(async () => {
  await sandbox.setVariant(specVariant)
  await Promise.all(closing.splice(0).map((c) => c.close()))
})
afterAll(async () => {
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

/**
 * Counts what reached the network, so a test sees the requests a budget sent (refused ones included), and keeps
 * in send order whether the host refused each for its rate (HTTP 200 with `status` 429 in the body, as DoodStream).
 */
function counted(): { dispatcher: Dispatcher; sent: () => number; refusedInOrder: () => boolean[] } {
  const refused: boolean[] = []
  const dispatcher = new Agent().compose((dispatch) => (opts, handler) => {
    const n = refused.length
    refused.push(false)
    let body = ''
    return dispatch(
      opts,
      watchedHandler(handler, {
        onResponseData: (chunk) => {
          body += chunk.toString('utf8')
        },
        onResponseEnd: () => {
          refused[n] = /"status":\s*"?429/.test(body)
        },
      }),
    )
  })
  closing.push(dispatcher)
  return { dispatcher, sent: () => refused.length, refusedInOrder: () => [...refused] }
}

function client(budget: RequestBudget, dispatcher: Dispatcher, apiKey = sandbox.apiKey): ApiClient {
  const c = new ApiClient({ baseUrl: sandbox.baseUrl, apiKey, budget, dispatcher })
  closing.push(c)
  return c
}

describe('one request budget per account', () => {
  it('learns the rate from the first 429 and keeps under it: the next burst meets no refusal', async () => {
    await sandbox.setVariant({ requestsPerSec: 10 })
    const learned: HostProfile[] = []
    const budget = new RequestBudget({ onLearn: (p) => learned.push(p) })
    const net = counted()
    const c = client(budget, net.dispatcher)
    // Unknown host: a burst of 25 at once; the host takes 10 and answers the rest 429, which go again later.
    const first = await Promise.all(Array.from({ length: 25 }, () => c.accountInfo()))
    expect(first.every((i) => i.email === 'demo@sandbox.local')).toBe(true)
    expect(net.sent()).toBeGreaterThan(25)
    // A fresh bucket of 10 a second takes 10 at once: that is read as a bucket of 10, not as half of it (5, which
    // the reading once gave). The host takes more of the burst when it spreads its answers out (a busy machine: 14
    // once, at load 7), as its bucket refills meanwhile: the reading is never above what it took of that burst
    // (a bound the host's own answers give, not the machine's speed).
    const tookOfBurst = net
      .refusedInOrder()
      .slice(0, 25)
      .filter((r) => !r).length
    expect(tookOfBurst).toBeGreaterThanOrEqual(10)
    // (It refused the rest: net.sent() counts them going again.)
    expect(tookOfBurst).toBeLessThan(25)
    expect(learned[0]?.learnedRatePerSec).toBeGreaterThanOrEqual(9)
    expect(learned[0]?.learnedRatePerSec).toBeLessThanOrEqual(tookOfBurst + 0.01)
    // A second client of the same account (the dashboard beside the crawl) shares the budget.
    const other = client(budget, net.dispatcher)
    const before = net.sent()
    const second = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? c : other).accountInfo()),
    )
    expect(second).toHaveLength(30)
    expect(net.sent() - before).toBe(30)
  })

  it('a user limit caps the pace, under a learned rate too', () => {
    const budget = new RequestBudget({ userRatePerSec: 4, learned: { learnedRatePerSec: 10 } })
    expect(budget.ratePerSec).toBe(4)
    budget.setUserRate(undefined)
    expect(budget.ratePerSec).toBe(9.5)
    expect(new RequestBudget().ratePerSec).toBeUndefined()
  })

  it('a lock-out stops the account with the time it ends; later calls are refused without the network', async () => {
    await sandbox.setVariant({ lockoutAfter: 2, lockoutSec: 3600 })
    const learned: HostProfile[] = []
    const budget = new RequestBudget({ onLearn: (p) => learned.push(p) })
    const net = counted()
    const c = client(budget, net.dispatcher)
    for (let i = 0; i < 2; i++) await c.fileRename('zzzzzzzzzzzz', 'x').catch(() => undefined)
    const locked = (await c.accountInfo().catch((e: unknown) => e)) as FiledockError
    expect(locked).toBeInstanceOf(FiledockError)
    expect(locked.kind).toBe('rate_limited')
    expect(locked.message).toMatch(
      /^The host has locked this account out until \d\d:\d\d( [AP]M)? \(it said: “Too many failed requests\. Try again in 60 minutes”\)\. Its work waits until then/,
    )
    expect(locked.retryAfterMs).toBeGreaterThan(3_500_000)
    // Each language writes the time itself (24-hour, its own digits); the host's words stay as it wrote them.
    const hhmm = /until (\d\d:\d\d)/.exec(locked.message)?.[1]
    expect(errorText(await intlFor('tr'), locked)).toBe(
      `Sunucu bu hesabı ${hhmm} saatine kadar kilitledi (sunucunun mesajı: “Too many failed requests. Try again in 60 minutes”). Hesabın işleri o zamana kadar bekliyor (hesap bilgilerini okuma sırasında).`,
    )
    const sent = net.sent()
    await expect(c.folderList(0)).rejects.toMatchObject({ kind: 'rate_limited' })
    expect(net.sent()).toBe(sent)
    // Remembered: a budget built from the account's profile is locked out at once.
    const lockedUntil = learned.find((p) => p.lockedUntil !== undefined)?.lockedUntil
    const again = new RequestBudget({ learned: { lockedUntil } })
    await expect(client(again, net.dispatcher).accountInfo()).rejects.toMatchObject({ kind: 'rate_limited' })
    expect(net.sent()).toBe(sent)
  })

  it('reads a lock-out from the words hosts use, and not from a plain "Too Many Requests"', () => {
    expect(lockOutOf('Too many failed requests. Try again in 60 minutes')).toBe(3_600_000)
    expect(lockOutOf('Account locked for 1 hour')).toBe(3_600_000)
    expect(lockOutOf('blocked for 30 seconds')).toBe(30_000)
    expect(lockOutOf('Too Many Requests')).toBeUndefined()
  })

  it("the upload queue holds the account's items through a lock-out instead of failing them", async () => {
    await sandbox.setVariant({ lockoutAfter: 1, lockoutSec: 3600 })
    const budget = new RequestBudget()
    const c = client(budget, counted().dispatcher)
    await c.fileRename('zzzzzzzzzzzz', 'x').catch(() => undefined)
    const src = join(dir, 'src')
    await rm(src, { recursive: true, force: true })
    await mkdtemp(join(dir, 'x'))
    const files = await Promise.all(
      ['a.txt', 'b.txt', 'c.txt'].map(async (n) => {
        const p = join(dir, n)
        await writeFile(p, n)
        return p
      }),
    )
    const t = await openEngine({ clientFor: () => c })
    closing.push({ close: () => t.close() })
    await t.engine.enqueuePaths({ paths: files, targets: [{ accountId: 'main', fldId: 0 }] })
    await until(() => t.engine.snapshot().items.some((i) => i.error !== null))
    const items = t.engine.snapshot().items
    expect(items.filter((i) => i.state === 'failed')).toEqual([])
    const errors = items.flatMap((i) => (i.error ? [i.error] : []))
    expect(errors[0]?.message).toMatch(/locked this account out until/)
  })

  it("a lock-out holds its account's uploads, shown with the time it ends, while other accounts' go on", async () => {
    // One clock for the budget and the queue, standing still: the hold ends exactly when the lock-out does.
    const now = Date.now()
    const lockedUntil = now + 3_600_000
    const locked = client(
      new RequestBudget({
        learned: { lockedUntil, lockedWords: 'Too many failed requests. Try again in 60 minutes' },
        now: () => now,
      }),
      counted().dispatcher,
    )
    const free = client(new RequestBudget(), counted().dispatcher)
    const names = ['l1.txt', 'l2.txt', 'l3.txt', 'f1.txt', 'f2.txt']
    const files = await Promise.all(
      names.map(async (n) => {
        const p = join(dir, n)
        await writeFile(p, n)
        return p
      }),
    )
    // One worker: an item of the locked account waiting in it for the hour would stop every other account.
    const t = await openEngine({
      clientFor: (id) => (id === 'locked' ? locked : free),
      concurrency: 1,
      now: () => now,
    })
    closing.push({ close: () => t.close() })
    await t.engine.enqueuePaths({ paths: files.slice(0, 3), targets: [{ accountId: 'locked', fldId: 0 }] })
    await t.engine.enqueuePaths({ paths: files.slice(3), targets: [{ accountId: 'free', fldId: 0 }] })
    await until(() =>
      t.engine
        .snapshot()
        .items.filter((i) => i.accountId === 'free')
        .every((i) => i.state === 'done'),
    )
    const snap = t.engine.snapshot()
    const lockedItems = snap.items.filter((i) => i.accountId === 'locked')
    expect(lockedItems.map((i) => i.state).sort()).toEqual(['queued', 'queued', 'retrying'])
    // Held once, for the account, until the host's time, in words a person reads; told as an event too.
    expect(snap.held).toEqual([
      {
        accountId: 'locked',
        until: lockedUntil,
        message: expect.stringMatching(
          /^Account locked: The host has locked this account out until \d\d:\d\d/,
        ),
        // The words again, for a window to show in its language: the account's label and the host's lock-out.
        messageId: 'queue.hold.message',
        values: expect.objectContaining({ label: 'Account locked', causeId: 'errors.host.lockedOut' }),
        operation: expect.any(String),
      },
    ])
    expect(ofType(t.events, 'queue.accountHeld').map((e) => e.hold)).toEqual(snap.held)
  })
})
