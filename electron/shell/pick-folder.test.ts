import { describe, expect, it } from 'vitest'
import { englishIntl } from '../../core/i18n/main-intl.ts'
import { createFolderPicker } from './pick-folder.ts'

describe('createFolderPicker', () => {
  it('opens the OS folder dialog where main says, with New Folder, modal to the window; null when cancelled', async () => {
    const calls: unknown[][] = []
    let answer = { canceled: false, filePaths: ['/home/me/Outbox'] }
    const dialog = {
      showOpenDialog: async (...args: unknown[]) => {
        calls.push(args)
        return answer
      },
    }
    const win = { id: 1 }
    const pick = createFolderPicker(
      dialog as never,
      () => win as never,
      () => englishIntl,
    )
    expect(await pick({ purpose: 'watch', startAt: '/home/me' })).toBe('/home/me/Outbox')
    expect(calls[0]?.[0]).toBe(win)
    expect(calls[0]?.[1]).toEqual({
      title: 'Folder to watch',
      buttonLabel: 'Watch this folder',
      defaultPath: '/home/me',
      properties: ['openDirectory', 'createDirectory'],
    })

    answer = { canceled: true, filePaths: [] }
    expect(await pick({ purpose: 'downloads', startAt: '/home/me/Downloads' })).toBeNull()
    expect(calls[1]?.[1]).toMatchObject({ title: 'Download to', defaultPath: '/home/me/Downloads' })

    // No window (closed to the tray): the dialog stands alone.
    answer = { canceled: false, filePaths: ['/srv/done'] }
    const alone = createFolderPicker(
      dialog as never,
      () => null,
      () => englishIntl,
    )
    expect(await alone({ purpose: 'watch-done', startAt: '/srv' })).toBe('/srv/done')
    expect(calls[2]).toHaveLength(1)
  })
})
