import { defineConfig } from '@playwright/test'

/**
 * The packaged-app smoke test (`npm run test:electron` runs it after packing): the packed executable named by
 * FILEDOCK_PACKED_APP, started as users start it. Not part of `npm test`: it needs Electron's binary.
 */
export default defineConfig({
  testDir: '.',
  timeout: 180_000,
  expect: { timeout: 20_000 },
  workers: 1,
  retries: 0,
  reporter: 'list',
  outputDir: '../test-results/packaged',
})
