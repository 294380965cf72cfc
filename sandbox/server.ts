import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { createAccount } from './accounts.ts'
import { compactEntries } from './compact-journal.ts'
import type { Ctx } from './context.ts'
import { commit } from './context.ts'
import { FaultDice, faultSeed } from './fault-dice.ts'
import type { FaultConfig } from './faults.ts'
import { mergeFaults, noFaults } from './faults.ts'
import { HostLimits } from './host-limits.ts'
import { DEFAULT_COMPACT_AT, Journal } from './journal.ts'
import { lockDataDir } from './lock.ts'
import { log } from './log.ts'
import type { Account, Entry } from './model.ts'
import { route } from './router.ts'
import { maxPerPage } from './routes/files-read.ts'
import { ServedRanges } from './served-ranges.ts'
import { Store } from './store.ts'
import { type HostVariant, linkHostsOf, mergeVariant, specVariant } from './variants.ts'

export type { FaultConfig } from './faults.ts'
export type { HostVariant } from './variants.ts'

export interface SandboxOptions {
  dataDir: string
  /** 0 or absent = a random free port. The sandbox binds 127.0.0.1 only. */
  port?: number
  /** Seeds the default account with this many files once (the first start that asks for it). */
  seedFiles?: number
  /** Seed every file into one folder, `Bulk`, instead of spreading them over the root and ~100 folders. */
  seedFlat?: boolean
  /** Clamp file/list's per_page to this (default 1000), as real hosts do. */
  maxPerPage?: number
  faults?: Partial<FaultConfig>
  /** How the host departs from the spec (variants.ts); default the spec's behaviour. */
  variant?: Partial<HostVariant>
  /** Seed of the fault rolls; default FILEDOCK_FAULT_SEED, else a fresh one (see fault-dice.ts). */
  faultSeed?: number
  /** Upload session lifetime; default 3600 s. */
  uploadSessionTtlSec?: number
  /** Time limit of a remote upload (upload/url); default 10 minutes. */
  remoteFetchTimeoutMs?: number
  /** Compact the journal once it holds this many lines (see journal.ts); default 20,000. */
  journalCompactAt?: number
}

export interface SandboxHandle {
  baseUrl: string
  apiKey: string
  createAccount(email: string, opts?: { quotaBytes?: number }): Promise<{ apiKey: string }>
  setFaults(f: Partial<FaultConfig>): void
  /** Changes the per_page ceiling of file/list while running. */
  setMaxPerPage(n: number): void
  getFaults(): FaultConfig
  /** Changes the host's variant (variants.ts); resolves once any new link host is listened on. */
  setVariant(v: Partial<HostVariant>): Promise<void>
  getVariant(): HostVariant
  /** The seed the faults are rolled with: FILEDOCK_FAULT_SEED=<it> replays a run. */
  faultSeed: number
  close(): Promise<void>
}

export const defaultEmail = 'demo@sandbox.local'

/**
 * Starts a sandbox host on dataDir: replays the journal, creates the default account on first start, seeds it
 * if asked, and listens on 127.0.0.1. Restarting on the same dataDir gives back the same key and files.
 */
export async function startSandbox(opts: SandboxOptions): Promise<SandboxHandle> {
  const dataDir = path.resolve(opts.dataDir)
  const blobsDir = path.join(dataDir, 'blobs')
  const tmpDir = path.join(dataDir, 'tmp')
  fs.mkdirSync(blobsDir, { recursive: true })
  const unlock = await lockDataDir(dataDir)
  try {
    // Temp files are uploads that never completed: nothing refers to them.
    fs.rmSync(tmpDir, { recursive: true, force: true })
    fs.mkdirSync(tmpDir)
    const store = new Store()
    const { journal, entries } = await Journal.open<Entry>(path.join(dataDir, 'journal.jsonl'), {
      fold: (all) => compactEntries(all, Date.now(), (code) => store.files.get(code)?.acct),
      minLines: opts.journalCompactAt ?? DEFAULT_COMPACT_AT,
    })
    for (const e of entries) store.apply(e)
    store.pruneSessions(Date.now())
    await journal.compactIfDue().catch((err: unknown) => log.error('compacting the journal failed', err))
    const ctx: Ctx = {
      store,
      journal,
      baseUrl: '',
      blobsDir,
      tmpDir,
      sessionTtlMs: (opts.uploadSessionTtlSec ?? 3600) * 1000,
      remoteFetchTimeoutMs: opts.remoteFetchTimeoutMs ?? 600_000,
      faults: mergeFaults(noFaults, opts.faults ?? {}),
      faultDice: new FaultDice(opts.faultSeed ?? faultSeed()),
      shutdown: new AbortController(),
      tasks: new Set(),
      maxPerPage: Math.max(1, Math.min(maxPerPage, opts.maxPerPage ?? maxPerPage)),
      served: new ServedRanges(),
      variant: mergeVariant(specVariant, opts.variant ?? {}),
      limits: new HostLimits(),
      usedSessions: new Set(),
      setVariant: async () => {},
      recordsLinkBase: '',
    }
    const main = await initialise(ctx, opts.seedFiles ?? 0, opts.seedFlat === true)
    return await listen(ctx, opts.port ?? 0, main, unlock)
  } catch (err) {
    await unlock()
    throw err
  }
}

async function initialise(ctx: Ctx, seedFiles: number, flat: boolean): Promise<Account> {
  const { store } = ctx
  if (store.secret === '')
    await commit(ctx, { t: 'init', secret: randomBytes(32).toString('hex'), at: Date.now() })
  const main = store.accounts.get(1) ?? (await createAccount(ctx, defaultEmail))
  if (seedFiles > 0 && !main.seeded) {
    const salt = randomBytes(4).readUInt32LE(0)
    await commit(ctx, {
      t: 'seed',
      acct: main.id,
      n: seedFiles,
      at: Date.now(),
      salt,
      ...(flat ? { flat } : {}),
    })
  }
  return main
}

async function listen(
  ctx: Ctx,
  port: number,
  main: Account,
  unlock: () => Promise<void>,
): Promise<SandboxHandle> {
  const inflight = new Set<Promise<void>>()
  const newServer = () => {
    const server = http.createServer((req, res) => {
      const done = route(ctx, req, res).finally(() => inflight.delete(done))
      inflight.add(done)
    })
    server.keepAliveTimeout = 30_000
    // Node's default 5-minute request timeout would cut a large upload on a slow link; real upload servers allow
    // hours. Only the headers must arrive promptly.
    server.requestTimeout = 0
    server.headersTimeout = 60_000
    return server
  }
  const listenOn = (server: http.Server, at: number, address: string) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(at, address, () => resolve())
    })
  const server = newServer()
  await listenOn(server, port, '127.0.0.1')
  const boundPort = (server.address() as AddressInfo).port
  ctx.baseUrl = `http://127.0.0.1:${boundPort}`
  // The link hosts of the variants: the same routes on another loopback address, same port (variants.ts).
  const servers = [server]
  const linkServers = new Map<string, Promise<void>>()
  const listenForLinks = (v: HostVariant) =>
    Promise.all(
      linkHostsOf(v).map((address) => {
        let up = linkServers.get(address)
        if (up === undefined) {
          const extra = newServer()
          servers.push(extra)
          up = listenOn(extra, boundPort, address)
          linkServers.set(address, up)
        }
        return up
      }),
    )
  ctx.setVariant = async (patch) => {
    const next = mergeVariant(ctx.variant, patch)
    await listenForLinks(next)
    ctx.variant = next
    if (next.requestsPerSec === 0 && next.lockoutAfter === 0) ctx.limits.reset()
  }
  await listenForLinks(ctx.variant)
  let closing: Promise<void> | undefined
  return {
    baseUrl: ctx.baseUrl,
    apiKey: main.key,
    async createAccount(email, opts = {}) {
      const acct = await createAccount(ctx, email, opts)
      return { apiKey: acct.key }
    },
    setFaults(f) {
      ctx.faults = mergeFaults(ctx.faults, f)
    },
    getFaults: () => ({ ...ctx.faults }),
    setVariant: (v) => ctx.setVariant(v),
    getVariant: () => ({ ...ctx.variant }),
    faultSeed: ctx.faultDice.seed,
    setMaxPerPage(n) {
      ctx.maxPerPage = Math.max(1, Math.min(maxPerPage, Math.floor(n)))
    },
    close() {
      closing ??= (async () => {
        ctx.shutdown.abort()
        await Promise.allSettled(linkServers.values())
        const stopped = servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve())))
        for (const s of servers) s.closeAllConnections()
        await Promise.all(stopped)
        await Promise.allSettled([...inflight, ...ctx.tasks])
        await ctx.journal.close()
        await unlock()
      })()
      return closing
    },
  }
}
