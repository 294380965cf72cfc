// `npm run test:electron`: the Electron half of Filedock, proven where Electron can run. Runs the Playwright suite
// against the app in Electron (E2E_ELECTRON=1), packs the app (electron-builder --dir, with this Electron), and runs
// the packaged-app smoke test (e2e-packaged/): start the packed app, add the offline account, upload a file, copy
// its link, quit while an upload runs, restart, and see it finish. Under Xvfb where there is no display. Ends with
// one line: `test:electron: N passed, N failed`. Where it cannot run (no Electron binary, no display and no
// xvfb-run) it says why at once and exits non-zero: it never passes having tested nothing.
//
//   node --import tsx scripts/test-electron.ts [--dry-run]   (--dry-run prints the plan as JSON, runs nothing)
import { spawnSync } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'
import { findElectronBinary } from '../e2e/electron-app.ts'

const root = join(import.meta.dirname, '..')

export interface Step {
  name: string
  command: string
  args: string[]
  env: Record<string, string>
}

export type Plan = { steps: Step[] } | { reason: string }

function onPath(bin: string, env: NodeJS.ProcessEnv): boolean {
  return (env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, bin), constants.X_OK)
      return true
    } catch {
      return false
    }
  })
}

/** The packed app's executable for this platform (electron-builder --dir output under release/). */
export function packedExecutable(platform: NodeJS.Platform, arch: string): string {
  if (platform === 'darwin')
    return join(
      root,
      'release',
      arch === 'arm64' ? 'mac-arm64' : 'mac',
      'Filedock.app',
      'Contents',
      'MacOS',
      'Filedock',
    )
  if (platform === 'win32') return join(root, 'release', 'win-unpacked', 'Filedock.exe')
  return join(root, 'release', 'linux-unpacked', 'filedock-app')
}

export function plan(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Plan {
  const electron = findElectronBinary()
  if (!('path' in electron)) return { reason: `Electron's binary is not installed (${electron.reason})` }
  const headless = platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY
  if (headless && !onPath('xvfb-run', env)) {
    return {
      reason:
        'there is no display and no xvfb-run to make one (bash scripts/install-system-deps.sh installs xvfb)',
    }
  }
  // Each GUI step runs in a virtual display of its own where there is none (-a: the first free display number).
  const gui = (command: string, args: string[]): [string, string[]] =>
    headless ? ['xvfb-run', ['-a', command, ...args]] : [command, args]
  const keyring = join(root, 'scripts', 'with-keyring.sh')
  const playwright = join(root, 'node_modules', '@playwright', 'test', 'cli.js')
  const [e2eCommand, e2eArgs] = gui(keyring, [process.execPath, playwright, 'test'])
  const [smokeCommand, smokeArgs] = gui(keyring, [
    process.execPath,
    playwright,
    'test',
    '--config',
    join(root, 'e2e-packaged', 'playwright.config.ts'),
  ])
  return {
    steps: [
      {
        name: 'the end-to-end suite in Electron',
        command: e2eCommand,
        args: e2eArgs,
        env: { E2E_ELECTRON: '1' },
      },
      {
        name: 'packing the app',
        command: process.execPath,
        // This Electron, not a download: the packed app runs the binary the suite just ran.
        args: [join(root, 'scripts', 'dist.mjs'), '--dir', `-c.electronDist=${join(electron.path, '..')}`],
        env: {},
      },
      {
        name: 'the packaged app',
        command: smokeCommand,
        args: smokeArgs,
        env: { FILEDOCK_PACKED_APP: packedExecutable(platform, process.arch) },
      },
    ],
  }
}

function main(): void {
  const p = plan(process.env)
  if (process.argv.includes('--dry-run')) {
    process.stdout.write(`${JSON.stringify(p)}\n`)
    return
  }
  if ('reason' in p) {
    console.error(`test:electron did NOT run: ${p.reason}.`)
    console.error('test:electron: 0 passed, 1 failed')
    process.exit(1)
  }
  const failed: string[] = []
  for (const step of p.steps) {
    console.error(`== test:electron: ${step.name}`)
    const run = spawnSync(step.command, step.args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, ...step.env },
    })
    if (run.status !== 0) {
      failed.push(step.name)
      // Nothing to run a packed app from when packing failed.
      if (step.name === 'packing the app') break
    }
  }
  const passed = p.steps.length - failed.length - (failed.includes('packing the app') ? 1 : 0)
  if (failed.length > 0) console.error(`test:electron: failed: ${failed.join(', ')}`)
  console.error(`test:electron: ${passed} passed, ${p.steps.length - passed} failed`)
  process.exit(failed.length === 0 ? 0 : 1)
}

if (process.argv[1] === import.meta.filename) main()
