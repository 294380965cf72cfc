import { join } from 'node:path'
import type { Configuration } from 'app-builder-lib'
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config'
import { DebugLogger } from 'builder-util'
import { beforeAll, describe, expect, it } from 'vitest'

/**
 * electron-builder.yml as electron-builder itself reads it (its loader, then its schema check: a misspelt key or
 * target fails here, not on a release machine). Packing for Windows and macOS needs their tools, so what those
 * targets make is checked as configuration; the Linux pack is scripts/package-contents.test.ts.
 */
const root = join(import.meta.dirname, '..')
let config: Configuration

beforeAll(async () => {
  config = await getConfig(root, null, null)
  await validateConfiguration(config, new DebugLogger(false))
})

const targets = (platform: 'linux' | 'win' | 'mac') =>
  (config[platform]?.target as string[] | undefined) ?? []

describe('electron-builder.yml', () => {
  it('makes AppImage and .deb for Linux, the NSIS installer and a portable .exe for Windows, dmg and zip for macOS', () => {
    expect(targets('linux')).toEqual(['AppImage', 'deb'])
    expect(targets('win')).toEqual(['nsis', 'portable'])
    // electron-updater installs macOS updates from the zip; the dmg is the download.
    expect(targets('mac')).toEqual(['dmg', 'zip'])
  })

  it('names the update feed: a generic server over https, which each updatable build reads as app-update.yml', () => {
    expect(config.publish).toEqual({ provider: 'generic', url: expect.stringMatching(/^https:\/\/[^/]+\//) })
  })

  it('gives the portable .exe a name of its own, beside the installer in release/', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: electron-builder's own file macros, not a template
    expect(config.portable?.artifactName).toBe('${productName}-${version}-portable.${ext}')
    expect(config.nsis?.artifactName).toBeUndefined()
  })
})
