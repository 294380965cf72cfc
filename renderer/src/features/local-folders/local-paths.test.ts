import { describe, expect, it } from 'vitest'
import { englishIntl } from '../../i18n/testing/english.ts'
import { checkLocalName, joinPath } from './local-paths.ts'

describe('local folder paths in the picker', () => {
  it('joins a folder name to its parent with the parent’s own separator', () => {
    expect(joinPath('/home/me', 'Outbox')).toBe('/home/me/Outbox')
    expect(joinPath('/', 'srv')).toBe('/srv')
    expect(joinPath('C:\\Users\\me', 'Outbox')).toBe('C:\\Users\\me\\Outbox')
    expect(joinPath('C:\\', 'Data')).toBe('C:\\Data')
  })

  it('takes one name, not a path, and not one the folder has', () => {
    expect(checkLocalName(englishIntl, '  Sent  ', ['Outbox'])).toEqual({ ok: true, name: 'Sent' })
    expect(checkLocalName(englishIntl, 'a/b', [])).toMatchObject({ ok: false })
    expect(checkLocalName(englishIntl, '..', [])).toMatchObject({ ok: false })
    expect(checkLocalName(englishIntl, '', [])).toEqual({ ok: false, message: 'Name is empty' })
    expect(checkLocalName(englishIntl, 'Outbox', ['Outbox'])).toEqual({
      ok: false,
      message: '“Outbox” is already there',
    })
  })
})
