import { describe, expect, it } from 'vitest'
import { englishIntl } from '../../i18n/testing/english.ts'
import { checkFolderName } from './folder-name.ts'

const siblings = [
  { fldId: 5, name: 'Photos' },
  { fldId: 6, name: 'Documents' },
]

describe('a folder name typed in place', () => {
  it('is trimmed and accepted when new', () => {
    expect(checkFolderName('  Receipts ', siblings, 'My files', englishIntl)).toEqual({
      ok: true,
      name: 'Receipts',
    })
  })

  it('says why an empty, too long or unsafe name is refused (the shared field rule’s words)', () => {
    expect(checkFolderName('   ', siblings, 'My files', englishIntl)).toEqual({
      ok: false,
      message: 'Name is empty',
    })
    expect(checkFolderName('x'.repeat(256), siblings, 'My files', englishIntl)).toEqual({
      ok: false,
      message: 'Name is longer than 255 characters',
    })
    expect(checkFolderName('evil\u202Etxt', siblings, 'My files', englishIntl)).toEqual({
      ok: false,
      message: 'Name contains control characters or direction marks',
    })
  })

  it('refuses a sibling’s name, but a folder keeps or re-cases its own', () => {
    expect(checkFolderName('Photos', siblings, 'My files', englishIntl)).toEqual({
      ok: false,
      message: '“My files” already has a folder named “Photos”',
    })
    expect(checkFolderName('Photos', siblings, 'My files', englishIntl, 5)).toEqual({
      ok: true,
      name: 'Photos',
    })
    expect(checkFolderName('photos', siblings, 'My files', englishIntl, 5)).toEqual({
      ok: true,
      name: 'photos',
    })
    expect(checkFolderName('Photos', siblings, 'My files', englishIntl, 6).ok).toBe(false)
  })
})
