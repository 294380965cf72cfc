import { defineConfig } from 'vitest/config'

// Node-side tests (core, sandbox, cli, web host, electron wiring with fakes). The renderer is tested in real
// Chromium by Playwright (e2e/), not in a simulated DOM.
export default defineConfig({
  test: {
    include: ['{shared,core,sandbox,cli,web,electron,scripts}/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
})
