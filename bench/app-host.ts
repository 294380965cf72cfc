import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { type Browser, chromium, type Page } from '@playwright/test'
import { chromiumLaunch } from '../e2e/chromium-launch.ts'

const root = resolve(import.meta.dirname, '..')

export interface AppHost {
  url: string
  /** The host's process group (it is started detached): its CPU time is that group's (lib/process-cpu.ts). */
  group: number
  stop(): Promise<void>
}

/**
 * The browser host as a user runs it (`web/main.ts` over the built renderer), on a private Secret Service
 * (scripts/with-keyring.sh) so adding the account touches no real keychain; its own process group, stopped whole.
 */
export async function startAppHost(dataDir: string): Promise<AppHost> {
  // BENCH_HOST_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" profiles the host (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_HOST_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  const args = [
    process.execPath,
    ...nodeArgs,
    '--import',
    'tsx',
    'web/main.ts',
    '--port',
    '0',
    '--data',
    dataDir,
  ]
  const [cmd, rest] = process.env.DBUS_SESSION_BUS_ADDRESS
    ? [process.execPath, args.slice(1)]
    : [join(root, 'scripts/with-keyring.sh'), args]
  const child = spawn(cmd, rest, {
    cwd: root,
    env: { ...process.env, FILEDOCK_KEYCHAIN_SERVICE: `filedock-bench-app-${process.pid}` },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  })
  const url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('web host not ready in 60 s')), 60_000)
    child.once('exit', (code) => fail(new Error(`web host exited (${code}) before it was ready`)))
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      try {
        const ready = JSON.parse(line) as { url?: unknown }
        if (typeof ready.url !== 'string') return
        clearTimeout(timer)
        ok(ready.url)
      } catch {
        // not the ready line
      }
    })
  })
  const group = child.pid
  if (group === undefined) throw new Error('web host started without a pid')
  return {
    url,
    group,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.pid === undefined) return done()
        child.once('exit', () => done())
        process.kill(-child.pid, 'SIGTERM')
      }),
  }
}

/** Debian's Chromium through Playwright, as the e2e suite runs it (Playwright's own download needs the network). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ ...chromiumLaunch, headless: true })
}

/** The first-run screen's form, as a user fills it and sends it. */
export async function addAccountInPage(
  page: Page,
  account: { label: string; baseUrl: string; apiKey: string },
): Promise<void> {
  await fillAccountForm(page, account)
  await page.getByRole('form', { name: 'Add account' }).getByRole('button', { name: 'Add account' }).click()
}

/** The first-run screen's form, filled in and not yet sent. */
export async function fillAccountForm(
  page: Page,
  account: { label: string; baseUrl: string; apiKey: string },
): Promise<void> {
  const form = page.getByRole('form', { name: 'Add account' })
  const opener = page.getByRole('button', { name: 'Add an account' })
  await form.or(opener).first().waitFor()
  if (!(await form.isVisible())) await opener.click()
  await form.getByLabel('Label').fill(account.label)
  await form.getByLabel('Base URL').fill(account.baseUrl)
  await form.getByLabel('API key').fill(account.apiKey)
}
