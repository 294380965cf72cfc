import { describe, expect, it } from 'vitest'
import { englishIntl } from '../../i18n/testing/english.ts'
import { noPathMessage } from './no-path-drop.ts'

describe('noPathMessage', () => {
  it('says nothing when every dropped item has a path', () => {
    expect(noPathMessage(englishIntl, ['/home/me/a.txt', '/home/me/photos'])).toBeNull()
    expect(noPathMessage(englishIntl, [])).toBeNull()
  })

  it('says which part of a drop was not uploaded and what to do', () => {
    expect(noPathMessage(englishIntl, [''])).toBe(
      'The dropped item is not a file on this computer (dragged from a web page?), so it was not uploaded. Save it first, then drop the saved file.',
    )
    expect(noPathMessage(englishIntl, ['/home/me/a.txt', '', ''])).toBe(
      '2 dropped items are not a file on this computer (dragged from a web page?), so they were not uploaded. Save them first, then drop the saved files.',
    )
    expect(noPathMessage(englishIntl, ['/home/me/a.txt', ''])).toMatch(/^1 dropped item is not a file/)
  })
})
