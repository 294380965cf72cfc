import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { APP_ID, appUserModelId } from './app-identity.ts'

const root = join(import.meta.dirname, '..', '..')
const { load } = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown }

describe('the AppUserModelID', () => {
  it('is the appId electron-builder gives the installer’s shortcut, and Electron’s own path unpackaged', async () => {
    const config = load(await readFile(join(root, 'electron-builder.yml'), 'utf8')) as { appId: string }
    expect(config.appId).toBe(APP_ID)
    expect(appUserModelId(true, 'C:\\Program Files\\Filedock\\Filedock.exe')).toBe('dev.filedock.app')
    expect(appUserModelId(false, 'C:\\src\\node_modules\\electron\\dist\\electron.exe')).toBe(
      'C:\\src\\node_modules\\electron\\dist\\electron.exe',
    )
  })
})
