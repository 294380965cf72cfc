import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import type { SandboxRef } from '../../sandbox/testing/api-calls.ts'
import { addAccountInPage, launchChromium, startAppHost } from '../app-host.ts'
import { startReady } from './child.ts'
import { cpuSecondsOf } from './process-cpu.ts'

export interface SeededAppOptions {
  work: string
  /** Names the run's data folders, `{name}-sb` and `{name}-host`. */
  name: string
  /** How many files the sandbox seeds. */
  files: number
  /** Every seeded file in one folder, `Bulk` (the sandbox's `--seed-flat`). */
  flat?: boolean
  /** Runs before the app meets the account, so its first crawl already sees what this adds. */
  prepare?: (sandbox: SandboxRef) => Promise<unknown>
  /** Lets the page read back what it copies. */
  clipboard?: boolean
}

/** CPU seconds so far of the browser host's processes and of the sandbox's (null: not readable here). */
export interface AppCpu {
  host: number | null
  sandbox: number | null
}

/**
 * A seeded sandbox process, the browser host over the built renderer and a 1280×800 page of Debian's Chromium
 * with the sandbox's account added through the first-run form; `run` measures, and all three stop after it.
 */
export async function withSeededApp<T>(
  options: SeededAppOptions,
  run: (app: { page: Page; sandbox: SandboxRef; hostUrl: string; cpu: () => AppCpu }) => Promise<T>,
): Promise<T> {
  execFileSync(process.execPath, ['scripts/build-renderer-if-stale.mjs'], { stdio: 'inherit' })
  const seed = ['--seed-files', String(options.files), ...(options.flat ? ['--seed-flat'] : [])]
  const sandbox = await startReady<SandboxRef>(
    'sandbox/main.ts',
    ['--port', '0', '--data', join(options.work, `${options.name}-sb`), ...seed],
    120_000,
  )
  try {
    await options.prepare?.(sandbox.ready)
    const host = await startAppHost(join(options.work, `${options.name}-host`))
    try {
      const browser = await launchChromium()
      try {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
        if (options.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'])
        const page = await context.newPage()
        await page.goto(host.url)
        await addAccountInPage(page, { label: 'Bench', ...sandbox.ready })
        const cpu = () => ({
          host: cpuSecondsOf({ group: host.group }),
          sandbox: sandbox.child.pid === undefined ? null : cpuSecondsOf({ pid: sandbox.child.pid }),
        })
        return await run({ page, sandbox: sandbox.ready, hostUrl: host.url, cpu })
      } finally {
        await browser.close()
      }
    } finally {
      await host.stop()
    }
  } finally {
    await sandbox.stop()
  }
}

/** Opens a sidebar folder and waits, up to 10 minutes (a first crawl of it), until the status bar counts `files`. */
export async function openFolderUntilCounted(page: Page, folder: string, files: number): Promise<void> {
  await page.getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: folder }).click()
  await page
    .getByTestId('status-count')
    .filter({ hasText: `${files.toLocaleString('en-US')} files` })
    .waitFor({ timeout: 600_000 })
}

/** Waits, up to 10 minutes, until the account's first crawl is over and the index answers for every folder. */
export async function untilFirstCrawlDone(page: Page): Promise<void> {
  await page.getByTestId('index-progress').waitFor({ state: 'detached', timeout: 600_000 })
}
