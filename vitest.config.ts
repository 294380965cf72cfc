import { defineConfig } from 'vitest/config'

// Node-side tests (core, sandbox, cli, web host, electron wiring with fakes), and the renderer's plain logic
// (stores, keyboard handling, formatting: renderer/src/**/*.test.ts, no DOM). The renderer's pages are tested in
// real Chromium by Playwright (e2e/), not in a simulated DOM.
export default defineConfig({
  test: {
    include: ['{shared,core,sandbox,cli,web,electron,scripts}/**/*.test.ts', 'renderer/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // A failed test that met injected faults prints their seed (FILEDOCK_FAULT_SEED replays them).
    setupFiles: ['sandbox/testing/report-fault-seeds.ts'],
  },
})
