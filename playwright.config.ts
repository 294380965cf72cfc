import { availableParallelism } from 'node:os'
import { defineConfig } from '@playwright/test'
import { chromiumLaunch } from './e2e/chromium-launch.ts'

/**
 * End-to-end tests of the renderer in real Chromium against the browser host (web/) and a sandbox host.
 * Playwright's own browser downloads cannot work offline, so the system Chromium is used (CHROMIUM_PATH to
 * point elsewhere). Each test gets its own data folder, sandbox and host (e2e/fixtures.ts).
 *
 * E2E_ELECTRON=1 runs the same specs against the app in Electron (e2e/electron-app.ts); where Electron's binary
 * is absent, e2e/electron-setup.ts stops the run with a message and a non-zero exit.
 */
const electron = process.env.E2E_ELECTRON === '1'

export default defineConfig({
  testDir: 'e2e',
  // The Electron check first: a run that cannot happen stops before anything is built.
  globalSetup: electron ? ['./e2e/electron-setup.ts', './e2e/global-setup.ts'] : './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One Electron app at a time: each is a whole browser plus the core. A test runs a sandbox, the browser host and
  // Chromium: on 2 cores, two tests at once starve each other's frames and focus timing, so `npm test` there runs
  // them one at a time, as CI does.
  workers: process.env.CI || electron || availableParallelism() <= 2 ? 1 : 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
})
