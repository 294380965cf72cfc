/**
 * The app's id everywhere an OS asks for one: electron-builder's appId (electron-builder.yml, checked by
 * app-identity.test.ts), which it also writes as the AppUserModelID of the Windows installer's shortcuts.
 */
export const APP_ID = 'dev.filedock.app'

/**
 * Windows groups the taskbar button and attributes notifications by AppUserModelID: it must be the one on the
 * Start menu shortcut, or toasts show no app name and their clicks and buttons ("Copy links") go nowhere. A
 * development run has no shortcut; Electron's docs give its own executable's path for that case.
 */
export function appUserModelId(packaged: boolean, execPath: string): string {
  return packaged ? APP_ID : execPath
}
