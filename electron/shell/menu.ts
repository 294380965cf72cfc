import type { MenuItemConstructorOptions } from 'electron'
import { APP_NAME } from '../../core/app/data-dir.ts'

/**
 * The usual application menu built from roles, so every platform gets its native behaviour (Edit shortcuts
 * work in text fields, Window lists windows on macOS). No custom actions: everything else lives in the UI.
 */
export function menuTemplate(platform: NodeJS.Platform, isPackaged: boolean): MenuItemConstructorOptions[] {
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
    { role: 'fileMenu', submenu: [mac ? { role: 'close' } : { role: 'quit' }] },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
    { role: 'windowMenu' },
    { role: 'help', submenu: mac ? [] : [{ role: 'about' }] },
  ]
}
