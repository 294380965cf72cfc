import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { test as base, type ElectronApplication, expect, type Page } from '@playwright/test'
import Database from 'better-sqlite3'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { type SandboxRef, type Seeded, seedSmallTree } from '../sandbox/testing/api-calls.ts'
import { electronMode, launchElectronApp } from './electron-app.ts'

const root = path.resolve(import.meta.dirname, '..')

export interface Host {
  url: string
  dataDir: string
  /** Everything the host has logged (stderr) so far, for the secret-leak checks. */
  logs: () => string
  /** E2E_ELECTRON=1: the app's window, which is the test's `page`. */
  window?: Page
  /** E2E_ELECTRON=1: the app itself, for what only main can be asked (the OS's dialogs). */
  electron?: ElectronApplication
}

interface Fixtures {
  /** A fresh temp folder, removed after the test. */
  tmp: string
  /** Files the sandbox seeds itself (0: none; the small tree is made through its HTTP API by the test). */
  seedFiles: number
  sandbox: SandboxHandle
  host: Host
  /** Every text frame the page received over WebSockets, for the secret-leak checks. */
  received: string[]
}

const browserTest = base.extend<Fixtures>({
  seedFiles: [0, { option: true }],

  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
  tmp: async ({}, use) => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'filedock-e2e-'))
    await use(dir)
    await fs.rm(dir, { recursive: true, force: true })
  },

  sandbox: async ({ tmp, seedFiles }, use) => {
    const sandbox = await startSandbox({ dataDir: path.join(tmp, 'sandbox'), port: 0, seedFiles })
    await use(sandbox)
    await sandbox.close()
  },

  host: async ({ tmp }, use, testInfo) => {
    const dataDir = path.join(tmp, 'app')
    if (electronMode) {
      const app = await launchElectronApp(dataDir, keychainServiceFor(dataDir))
      await use({ url: app.url, dataDir, logs: app.logs, window: app.window, electron: app.app })
      await app.app.close()
      return
    }
    const { child, url, logs } = await startHost(dataDir)
    await use({ url, dataDir, logs })
    await stopHost(child)
    // A failed test's report carries what the host said, so a CI log shows why the app did not do its part.
    if (testInfo.status !== testInfo.expectedStatus) console.error(`host log (tail):\n${logs().slice(-3000)}`)
  },

  received: async ({ page }, use) => {
    const frames: string[] = []
    page.on('websocket', (ws) => {
      ws.on('framereceived', (f) =>
        frames.push(typeof f.payload === 'string' ? f.payload : f.payload.toString()),
      )
    })
    await use(frames)
  },
})

/**
 * One suite, two hosts: under E2E_ELECTRON=1 the page is the Electron app's window (no Chromium is started);
 * `page.goto(host.url)` reloads the app there as it opens the browser host's URL here. The WebSocket frames
 * `received` collects exist only in the browser host: there it stays empty.
 */
export const test = electronMode
  ? browserTest.extend({
      page: async ({ host }, use) => {
        if (host.window === undefined) throw new Error('E2E_ELECTRON=1: the app has no window')
        await use(host.window)
      },
    })
  : browserTest

export { expect }

const keychainServiceFor = (dataDir: string) => `filedock-e2e-${path.basename(path.dirname(dataDir))}`

/**
 * Hosts still running. Each is its own process group (detached), so a worker that ends without stopping one (a
 * test killed by its timeout before its `finally`) would leave it running into the rest of the suite: the
 * worker's exit ends them.
 */
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) signalGroup(child, 'SIGKILL')
})

/** Signals a host's whole process group (it and the keyring wrapper, nothing else); one already gone is left be. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    if (child.pid !== undefined) process.kill(-child.pid, signal)
  } catch {
    // the group ended meanwhile
  }
}

/**
 * Starts the browser host as its own process group and waits for its one JSON ready line: no sleeps. Without
 * a session bus (a plain `npx playwright test`), it runs under scripts/with-keyring.sh so the account store
 * has a real, private Secret Service; under scripts/test.sh it shares the one already started.
 */
export async function startHost(
  dataDir: string,
  /** More arguments for web/main.ts (paths to open with Filedock). */
  extraArgs: readonly string[] = [],
): Promise<{ child: ChildProcess; url: string; logs: () => string }> {
  const hostArgs = ['--import', 'tsx', 'web/main.ts', '--port', '0', '--data', dataDir, ...extraArgs]
  const [cmd, args] = process.env.DBUS_SESSION_BUS_ADDRESS
    ? [process.execPath, hostArgs]
    : [path.join(root, 'scripts/with-keyring.sh'), [process.execPath, ...hostArgs]]
  // Its own keychain service name, so tests sharing one Secret Service never see each other's keys.
  const env = {
    ...process.env,
    FILEDOCK_KEYCHAIN_SERVICE: keychainServiceFor(dataDir),
  }
  const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  running.add(child)
  child.once('exit', () => running.delete(child))
  let stderr = ''
  const allLogs: string[] = []
  child.stderr?.on('data', (chunk: Buffer) => {
    allLogs.push(chunk.toString())
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web host not ready after 30 s:\n${stderr}`)), 30_000)
    child.once('exit', (code) =>
      reject(new Error(`web host exited (${code}) before it was ready:\n${stderr}`)),
    )
    lines.on('line', (line) => {
      try {
        const ready = JSON.parse(line) as { url?: unknown }
        if (typeof ready.url === 'string') {
          clearTimeout(timer)
          resolve(ready.url)
        }
      } catch {
        // not the ready line
      }
    })
  })
  return { child, url, logs: () => allLogs.join('') }
}

/** Every file under `dir`, read as bytes (latin1 keeps any byte sequence searchable as text). */
export async function readAllFiles(dir: string): Promise<{ path: string; text: string }[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name))
  return Promise.all(files.map(async (p) => ({ path: p, text: await fs.readFile(p, 'latin1') })))
}

/** SIGTERM to the host's process group, SIGKILL if it is not gone in 5 s; resolves once it has exited. */
export async function stopHost(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  signalGroup(child, 'SIGTERM')
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5_000)
  await exited
  clearTimeout(timer)
}

export const ref = (sandbox: SandboxHandle): SandboxRef => ({
  baseUrl: sandbox.baseUrl,
  apiKey: sandbox.apiKey,
})

/** Adds an account through the first-run screen (or the accounts dialog when it is open) and waits for it. */
export async function addAccount(page: Page, account: { label: string; baseUrl: string; apiKey: string }) {
  const form = page.getByRole('form', { name: 'Add account' })
  if (!(await form.isVisible())) await page.getByRole('button', { name: 'Add an account' }).click()
  await form.getByLabel('Label').fill(account.label)
  await form.getByLabel('Base URL').fill(account.baseUrl)
  await form.getByLabel('API key').fill(account.apiKey)
  await form.getByRole('button', { name: 'Add account' }).click()
}

/** Opens the app with the sandbox account added and the root folder's files listed. */
export async function openWithAccount(page: Page, host: Host, sandbox: SandboxHandle): Promise<void> {
  await page.goto(host.url)
  await addAccount(page, { label: 'Sandbox', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
  await expect(
    page.getByRole('grid', { name: 'Files' }).or(page.getByText('This folder is empty')),
  ).toBeVisible()
}

/** The small known tree (seedSmallTree) on the host, then the app opened with its account; what was seeded. */
export async function openWithSmallTree(page: Page, host: Host, sandbox: SandboxHandle): Promise<Seeded> {
  const seeded = await seedSmallTree(ref(sandbox))
  await openWithAccount(page, host, sandbox)
  return seeded
}

/** A preference as the app saved it; undefined until the settings file is first written (a poll must not fail on that). */
export async function savedSetting(dataDir: string, key: string): Promise<unknown> {
  const text = await fs.readFile(path.join(dataDir, 'settings.json'), 'utf8').catch(() => null)
  return text === null ? undefined : JSON.parse(text)[key]
}

/** The app's index file in its data folder. */
export const INDEX_FILE = 'file-index.sqlite'

/** Reads the app's index beside the running host (WAL lets a reader in); null while it cannot be read. */
export function readIndex<T>(dataDir: string, read: (db: Database.Database) => T): T | null {
  let db: Database.Database
  try {
    db = new Database(path.join(dataDir, INDEX_FILE), { readonly: true, fileMustExist: true })
  } catch {
    return null
  }
  try {
    return read(db)
  } catch {
    return null
  } finally {
    db.close()
  }
}

/**
 * Waits until the app has looked at the host for itself: the account's first full crawl is complete and folder
 * `fldId` has been checked since it was opened. A change made on the host after this stays unseen by the app until
 * it looks again (what "behind the app's back" means in a test).
 */
export async function expectIndexSettled(dataDir: string, fldId: number): Promise<void> {
  const settled = () =>
    readIndex(dataDir, (db) => {
      const crawled = db
        .prepare('SELECT count(*) AS n FROM accounts WHERE crawling = 0 AND last_full_crawl IS NOT NULL')
        .get() as { n: number }
      const checked = db.prepare('SELECT count(*) AS n FROM folder_checks WHERE fld_id = ?').get(fldId) as {
        n: number
      }
      return crawled.n > 0 && checked.n > 0
    })
  await expect.poll(settled, { timeout: 30_000 }).toBe(true)
}

export function fileRow(page: Page, name: string) {
  return page.getByRole('grid', { name: 'Files' }).getByRole('row').filter({ hasText: name })
}
