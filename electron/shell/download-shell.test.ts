import { describe, expect, it } from 'vitest'
import { intlFor } from '../../core/i18n/main-intl.ts'
import type { FiledockError } from '../../shared/errors.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import { createRevealer } from './reveal-path.ts'

describe('createRevealer', () => {
  it("shows the file in its folder, or opens it and passes on the OS's reason when nothing can", async () => {
    const calls: string[][] = []
    let refusal = ''
    const shell = {
      showItemInFolder: (path: string) => {
        calls.push(['show', path])
      },
      openPath: async (path: string) => {
        calls.push(['open', path])
        return refusal
      },
    }
    const reveal = createRevealer(shell)
    await reveal('/home/me/Downloads/Filedock/a.pdf', 'folder')
    await reveal('/home/me/Downloads/Filedock/a.pdf', 'open')
    expect(calls).toEqual([
      ['show', '/home/me/Downloads/Filedock/a.pdf'],
      ['open', '/home/me/Downloads/Filedock/a.pdf'],
    ])
    refusal = 'No application is associated with the specified file'
    await expect(reveal('/home/me/x.weird', 'open')).rejects.toMatchObject({
      kind: 'not_found',
      message: '/home/me/x.weird could not be opened: No application is associated with the specified file',
    })
  })
})

describe('createRevealer in the reader’s language', () => {
  it("says in Spanish that the file could not be opened, the path and the OS's reason as they are", async () => {
    const reason = 'No application is associated with the specified file'
    const reveal = createRevealer({ showItemInFolder: () => undefined, openPath: async () => reason })
    const error = await reveal('/home/me/x.weird', 'open').then(
      () => expect.fail('opened'),
      (e: FiledockError) => e,
    )
    expect(errorText(await intlFor('es'), error)).toBe(`No se pudo abrir /home/me/x.weird: ${reason}`)
  })
})
