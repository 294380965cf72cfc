import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')

// E2E_ELECTRON=1 where Electron cannot run must say so and fail, never pass having tested nothing. The binary is
// made absent on purpose (an empty override folder), so this holds on machines that have Electron too.
it('E2E_ELECTRON=1 without an Electron binary stops at once, says that nothing ran, and exits non-zero', async () => {
  const empty = await mkdtemp(join(tmpdir(), 'filedock-no-electron-'))
  try {
    const run = spawnSync(
      process.execPath,
      [join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test', 'e2e/views.spec.ts'],
      {
        cwd: root,
        env: { ...process.env, E2E_ELECTRON: '1', ELECTRON_OVERRIDE_DIST_PATH: empty },
        encoding: 'utf8',
        timeout: 120_000,
      },
    )
    const output = `${run.stdout}${run.stderr}`
    expect(run.status, output).not.toBe(0)
    expect(output).toMatch(/the Electron end-to-end run did NOT run: Electron's binary is not installed/)
    expect(output).not.toMatch(/\d+ passed/)
  } finally {
    await rm(empty, { recursive: true, force: true })
  }
}, 150_000)
