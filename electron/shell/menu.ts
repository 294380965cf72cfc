import { defineMessages, type IntlShape } from '@formatjs/intl'
import type { MenuItemConstructorOptions } from 'electron'
import { APP_NAME } from '../../core/app/data-dir.ts'

/**
 * The usual application menu built from roles, so every platform gets its native behaviour (Edit shortcuts
 * work in text fields, Window lists windows on macOS). No custom actions: everything else lives in the UI.
 */
export function menuTemplate(
  platform: NodeJS.Platform,
  isPackaged: boolean,
  intl: IntlShape,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin'
  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: APP_NAME,
          submenu: [
            { role: 'about' },
            { type: 'separator' },
            { role: 'services' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : []
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    { role: 'forceReload' },
    // DevTools only in development: a packaged app has no reason to offer a console to pasted scripts.
    ...(isPackaged ? [] : [{ role: 'toggleDevTools' } as const]),
    { type: 'separator' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ]
  return [
    ...appMenu,
    // The menus' own names in the user's language (the items under them are the roles', which the OS names).
    {
      role: 'fileMenu',
      label: intl.formatMessage(TEXT.file),
      submenu: [mac ? { role: 'close' } : { role: 'quit' }],
    },
    { role: 'editMenu', label: intl.formatMessage(TEXT.edit) },
    { label: intl.formatMessage(TEXT.view), submenu: view },
    { role: 'windowMenu', label: intl.formatMessage(TEXT.window) },
    { role: 'help', label: intl.formatMessage(TEXT.help), submenu: mac ? [] : [{ role: 'about' }] },
  ]
}

const TEXT = defineMessages({
  file: { id: 'main.menu.file', defaultMessage: 'File' },
  edit: { id: 'main.menu.edit', defaultMessage: 'Edit' },
  view: { id: 'main.menu.view', defaultMessage: 'View' },
  window: { id: 'main.menu.window', defaultMessage: 'Window' },
  help: { id: 'main.menu.help', defaultMessage: 'Help' },
})
