import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { launchPaths } from './shell/open-with.ts'

const root = join(import.meta.dirname, '..')
// The YAML reader electron-builder itself reads its config with (a dependency of electron-builder).
const { load } = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown }

interface BuilderConfig {
  linux: {
    executableName: string
    executableArgs: string[]
    mimeTypes?: string[]
    desktop?: { entry: Record<string, string> }
  }
  mac: { extendInfo: { CFBundleDocumentTypes: Array<Record<string, unknown>> } }
  nsis: { include: string }
}

describe('Open with / Send to registration (electron-builder.yml)', () => {
  it('offers Filedock where each OS expects, without claiming any type as its default, passing the chosen paths on the command line', async () => {
    const config = load(await readFile(join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig

    // Linux: the .desktop Exec gets %F (local paths); no MIME type is claimed, so Filedock never becomes what
    // opens a folder or an untyped file on a desktop with no default for them.
    expect(config.linux.executableName).toBe('filedock-app')
    expect(config.linux.executableArgs).toEqual(['%F'])
    expect(config.linux.mimeTypes).toBeUndefined()
    expect(config.linux.desktop?.entry.MimeType).toBeUndefined()
    // What such an Exec line hands the packaged app is what launchPaths reads.
    expect(launchPaths(['/opt/Filedock/filedock-app', root], { packaged: true, cwd: '/' })).toEqual([root])

    // macOS: an Alternate-ranked document type for data and folders (Open With, never the default app).
    const [docType] = config.mac.extendInfo.CFBundleDocumentTypes
    expect(docType).toMatchObject({ CFBundleTypeRole: 'Viewer', LSHandlerRank: 'Alternate' })
    expect(docType?.LSItemContentTypes).toEqual(expect.arrayContaining(['public.data', 'public.folder']))

    // Windows: the NSIS include makes the Send To shortcut at install and removes it at uninstall.
    const nsh = await readFile(join(root, config.nsis.include), 'utf8')
    expect(nsh).toMatch(
      /!macro customInstall\s+CreateShortCut "\$SENDTO\\\$\{PRODUCT_NAME\}\.lnk" "\$INSTDIR\\\$\{APP_EXECUTABLE_FILENAME\}"/,
    )
    expect(nsh).toMatch(/!macro customUnInstall\s+Delete "\$SENDTO\\\$\{PRODUCT_NAME\}\.lnk"/)
  })
})
