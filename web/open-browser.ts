import type { ChildProcess, spawn } from 'node:child_process'
import { defineMessage, type MessageDescriptor } from '@formatjs/intl'
import { englishIntl } from '../core/i18n/main-intl.ts'

export interface OpenBrowserDeps {
  env: NodeJS.ProcessEnv
  platform: NodeJS.Platform
  spawn: typeof spawn
  log(line: string): void
}

/**
 * Why the browser must not be opened here, or null when it may: as Jupyter does, a session with no screen (no
 * DISPLAY or WAYLAND_DISPLAY on Linux and the BSDs, an SSH login elsewhere) or a CI job only prints the URL.
 */
export function noScreen(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): NoScreen | null {
  if (env.CI !== undefined && env.CI !== '' && env.CI !== '0' && env.CI.toLowerCase() !== 'false') return 'ci'
  if (platform === 'win32' || platform === 'darwin') return null
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY) return 'display'
  return null
}

/** Why a session has no screen to open anything on: a CI job, or no display. */
export type NoScreen = 'ci' | 'display'

/** noScreen's answer in English, for the host's log. */
export function noBrowserReason(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | null {
  const why = noScreen(env, platform)
  return why === null ? null : englishIntl.formatMessage(NO_SCREEN, { why })
}

/** Why nothing opens here, in a sentence of the errors that say so (open-path.ts) and of the log. */
export const NO_SCREEN: MessageDescriptor = defineMessage({
  id: 'web.noScreen.why',
  defaultMessage:
    '{why, select, ci {this is a CI job} other {there is no display (DISPLAY and WAYLAND_DISPLAY are unset)}}',
})

/**
 * The platform's "open with the default browser". On Windows, rundll32 rather than `cmd /c start`: cmd would
 * read the `&` of a query string as a command separator.
 */
export function browserCommand(url: string, platform: NodeJS.Platform): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [url] }
  if (platform === 'win32') return { command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] }
  return { command: 'xdg-open', args: [url] }
}

/**
 * Starts one of the OS's openers (`xdg-open`, `open`, `rundll32`, `explorer`) detached from the host, which never
 * waits for it: it may outlive the host, as the browser or file manager it starts does.
 */
export function launchOpener(
  command: string,
  args: string[],
  deps: Pick<OpenBrowserDeps, 'env' | 'spawn'>,
): ChildProcess {
  const child = deps.spawn(command, args, {
    detached: true,
    stdio: 'ignore',
    windowsHide: true,
    env: deps.env,
  })
  child.unref()
  return child
}

/**
 * Opens `url` in the default browser, without waiting for it and without failing the host: the URL is printed
 * either way, so a missing opener costs one log line. Returns whether an opener was started.
 */
export function openBrowser(url: string, deps: OpenBrowserDeps): boolean {
  const why = noBrowserReason(deps.env, deps.platform)
  if (why !== null) {
    deps.log(`filedock web: not opening a browser: ${why}`)
    return false
  }
  const { command, args } = browserCommand(url, deps.platform)
  try {
    launchOpener(command, args, deps).on('error', (error) =>
      deps.log(`filedock web: could not open a browser (${command}): ${error.message}`),
    )
    return true
  } catch (error) {
    deps.log(`filedock web: could not open a browser (${command}): ${String(error)}`)
    return false
  }
}
