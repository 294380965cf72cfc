import { stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { defineMessages } from '@formatjs/intl'
import type { RevealPath } from '../core/app/handlers/download-handlers.ts'
import { translatedError } from '../shared/i18n/error-text.ts'
import { launchOpener, noScreen, type OpenBrowserDeps } from './open-browser.ts'

/**
 * "Show in folder" and "Open" of a finished download in the browser host, which runs on the user's own machine
 * (127.0.0.1 only): the OS's opener, started the way open-browser.ts starts the browser. Decisions:
 * - only paths the queue downloaded to reach here (downloads.reveal takes an item or a batch, never a path);
 * - where the opener cannot select a file in its folder (xdg-open), "Show in folder" opens the folder itself;
 * - with no screen to open it on (an SSH session, CI), it refuses with that reason instead of starting nothing.
 */

/** The opener of `platform` for a path: shown in its folder (`folder`) or opened with its application (`open`). */
export function openPathCommand(
  path: string,
  how: 'folder' | 'open',
  platform: NodeJS.Platform,
  isFolder: boolean,
): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: how === 'folder' ? ['-R', path] : [path] }
  // Not `cmd /c start`: cmd reads `&` and `^` in a file name as its own syntax.
  if (platform === 'win32')
    return { command: 'explorer', args: how === 'folder' ? [`/select,${path}`] : [path] }
  return { command: 'xdg-open', args: [how === 'folder' && !isFolder ? dirname(path) : path] }
}

export function createPathOpener(deps: OpenBrowserDeps): RevealPath {
  return async (path, how) => {
    const why = noScreen(deps.env, deps.platform)
    if (why !== null) throw translatedError({ kind: 'not_found' }, TEXT.noScreen, { why })
    const isFolder = (await stat(path)).isDirectory()
    const { command, args } = openPathCommand(path, how, deps.platform, isFolder)
    const child = launchOpener(command, args, deps)
    // Started, or why not (no such opener): the person hears of a missing xdg-open at once.
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve)
      child.once('error', (error) => {
        deps.log(`filedock web: could not open ${path} (${command}): ${error.message}`)
        reject(
          translatedError({ kind: 'not_found' }, TEXT.noOpener, { path, command, detail: error.message }),
        )
      })
    })
  }
}

const TEXT = defineMessages({
  // The same words as NO_SCREEN (open-browser.ts), in the sentence.
  noScreen: {
    id: 'errors.openPath.noScreen',
    defaultMessage:
      'Nothing can be opened on this computer: {why, select, ci {this is a CI job} other {there is no display (DISPLAY and WAYLAND_DISPLAY are unset)}}.',
  },
  noOpener: {
    id: 'errors.openPath.noOpener',
    defaultMessage: '{path} could not be opened: {command} is not available here ({detail}).',
  },
})
