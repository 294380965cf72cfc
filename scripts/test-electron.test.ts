import { spawnSync } from 'node:child_process'
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
let work: string
let standIn: string
let withXvfb: string
let withoutXvfb: string
let nodeOnly: string

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'filedock-test-electron-'))
  // An Electron binary that is there (never run: --dry-run), and PATHs with and without xvfb-run.
  standIn = join(work, 'electron-dist')
  await mkdir(standIn)
  await writeFile(join(standIn, 'electron'), '#!/bin/sh\n', { mode: 0o755 })
  withXvfb = join(work, 'bin')
  await mkdir(withXvfb)
  await writeFile(join(withXvfb, 'xvfb-run'), '#!/bin/sh\n')
  await chmod(join(withXvfb, 'xvfb-run'), 0o755)
  withoutXvfb = join(work, 'empty-bin')
  await mkdir(withoutXvfb)
  // Node's own folder may hold xvfb-run too (/usr/bin on a Debian CI box): a folder with node alone.
  nodeOnly = join(work, 'node-bin')
  await mkdir(nodeOnly)
  await symlink(process.execPath, join(nodeOnly, 'node'))
})

afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

function run(env: Record<string, string | undefined>, args: string[] = []) {
  const { DISPLAY: _d, WAYLAND_DISPLAY: _w, ...rest } = process.env
  return spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts', 'test-electron.ts'), ...args],
    {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...rest, ...env } as NodeJS.ProcessEnv,
    },
  )
}

describe('npm run test:electron', () => {
  it('is this script', async () => {
    const pkg = JSON.parse(
      await (await import('node:fs/promises')).readFile(join(root, 'package.json'), 'utf8'),
    )
    expect(pkg.scripts['test:electron']).toBe('node --import tsx scripts/test-electron.ts')
  })

  it('without an Electron binary stops at once, says why, and fails in one closing line', async () => {
    const empty = join(work, 'no-electron')
    await mkdir(empty, { recursive: true })
    const result = run({ ELECTRON_OVERRIDE_DIST_PATH: empty, DISPLAY: ':0' })
    expect(result.status).not.toBe(0)
    expect(result.stderr).toMatch(/test:electron did NOT run: Electron's binary is not installed \(/)
    expect(result.stderr.trim().split('\n').at(-1)).toBe('test:electron: 0 passed, 1 failed')
    expect(result.stderr).not.toMatch(/== test:electron:/)
  })

  it('runs the suite in Electron, packs with that Electron, then the packaged-app smoke test; under Xvfb without a display', () => {
    const plan = (env: Record<string, string>) =>
      JSON.parse(run({ ELECTRON_OVERRIDE_DIST_PATH: standIn, ...env }, ['--dry-run']).stdout)
    const headless = plan({ PATH: `${withXvfb}:${process.env.PATH}` })
    expect(headless.steps.map((s: { name: string }) => s.name)).toEqual([
      'the end-to-end suite in Electron',
      'packing the app',
      'the packaged app',
    ])
    const [suite, pack, smoke] = headless.steps
    expect([suite.command, suite.args[0]]).toEqual(['xvfb-run', '-a'])
    expect(suite.env).toEqual({ E2E_ELECTRON: '1' })
    expect(pack.args).toEqual([join(root, 'scripts', 'dist.mjs'), '--dir', `-c.electronDist=${standIn}`])
    expect(smoke.args).toEqual(
      expect.arrayContaining(['--config', join(root, 'e2e-packaged', 'playwright.config.ts')]),
    )
    expect(smoke.env.FILEDOCK_PACKED_APP).toMatch(/release/)

    const withDisplay = plan({ DISPLAY: ':0' })
    expect(withDisplay.steps[0].command).toBe(join(root, 'scripts', 'with-keyring.sh'))
  })

  it('without a display and without xvfb-run says which package gives one', () => {
    const result = run({
      ELECTRON_OVERRIDE_DIST_PATH: standIn,
      PATH: `${withoutXvfb}:${nodeOnly}`,
    })
    expect(result.status).not.toBe(0)
    expect(result.stderr).toMatch(/no display and no xvfb-run .*install-system-deps\.sh installs xvfb/)
  })
})
