import { execFile } from 'node:child_process'

/**
 * Linux tray icons are StatusNotifierItems, shown by whatever owns this name on the session bus (KDE, Xfce,
 * Cinnamon, GNOME only with the AppIndicator extension). Without it Electron's `new Tray()` still succeeds and
 * nothing appears, so a window hidden "to the tray" would be out of reach.
 */
export const STATUS_NOTIFIER_WATCHER = 'org.kde.StatusNotifierWatcher'

export type RunCommand = (command: string, args: string[]) => Promise<string>

/** Does a name have an owner on the session bus? Asked with dbus-send (part of D-Bus itself); no answer: no. */
export async function sessionBusHasOwner(name: string, run: RunCommand = runCommand): Promise<boolean> {
  try {
    const reply = await run('dbus-send', [
      '--session',
      '--dest=org.freedesktop.DBus',
      '--type=method_call',
      '--print-reply',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.NameHasOwner',
      `string:${name}`,
    ])
    return /\bboolean true\b/.test(reply)
  } catch {
    return false
  }
}

/**
 * Whether a tray icon will be seen: macOS and Windows always have the menu bar / notification area; Linux only
 * where a StatusNotifier host runs. Unknown (no session bus, no dbus-send) counts as no: keeping a window
 * reachable matters more than keeping it tidy.
 */
export function hasTrayHost(platform: NodeJS.Platform, run: RunCommand = runCommand): Promise<boolean> {
  if (platform !== 'linux') return Promise.resolve(true)
  return sessionBusHasOwner(STATUS_NOTIFIER_WATCHER, run)
}

function runCommand(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 3000, encoding: 'utf8' }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    )
  })
}
