import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { hasTrayHost, type RunCommand, STATUS_NOTIFIER_WATCHER, sessionBusHasOwner } from './tray-host.ts'

const root = join(import.meta.dirname, '..', '..')

describe('hasTrayHost', () => {
  it('counts on a tray on macOS and Windows without asking anything', async () => {
    const never: RunCommand = () => Promise.reject(new Error('asked'))
    expect(await hasTrayHost('darwin', never)).toBe(true)
    expect(await hasTrayHost('win32', never)).toBe(true)
  })

  it('on Linux, asks the session bus whether a StatusNotifier watcher runs; no bus or no answer is no', async () => {
    const asked: string[][] = []
    const answer =
      (reply: string): RunCommand =>
      async (command, args) => {
        asked.push([command, ...args])
        return reply
      }
    expect(
      await hasTrayHost(
        'linux',
        answer('method return time=1 sender=org.freedesktop.DBus\n   boolean true\n'),
      ),
    ).toBe(true)
    expect(asked[0]).toContain(`string:${STATUS_NOTIFIER_WATCHER}`)
    expect(await hasTrayHost('linux', answer('   boolean false\n'))).toBe(false)
    expect(await hasTrayHost('linux', () => Promise.reject(new Error('spawn dbus-send ENOENT')))).toBe(false)
  })

  it('reads a real session bus: the bus owns its own name, and no tray host runs on a bare bus', () => {
    // A private bus (dbus-run-session), as a desktop without a tray host has one.
    const probe = `
      import { sessionBusHasOwner, hasTrayHost } from './electron/shell/tray-host.ts'
      console.log(JSON.stringify([await sessionBusHasOwner('org.freedesktop.DBus'), await hasTrayHost('linux')]))`
    const run = spawnSync(
      'dbus-run-session',
      ['--', process.execPath, '--import', 'tsx', '--input-type=module', '-e', probe],
      { cwd: root, encoding: 'utf8', timeout: 30_000 },
    )
    expect(run.status, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toEqual([true, false])
  })
})

// Type-level use, so an unused import cannot hide a renamed export.
void sessionBusHasOwner
