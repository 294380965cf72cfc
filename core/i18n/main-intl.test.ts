import { describe, expect, it } from 'vitest'
import type { LanguageSetting } from '../../shared/i18n/locales.ts'
import { environmentLanguages, MainIntl } from './main-intl.ts'

const runtime = Intl.DateTimeFormat().resolvedOptions().locale

describe('environmentLanguages', () => {
  it('reads LC_ALL before LC_MESSAGES before LANG, then the runtime default', () => {
    expect(environmentLanguages({ LC_ALL: 'tr_TR.UTF-8', LC_MESSAGES: 'es_ES', LANG: 'id_ID' })).toEqual([
      'tr_TR.UTF-8',
      runtime,
    ])
    expect(environmentLanguages({ LC_MESSAGES: 'es_ES.UTF-8', LANG: 'id_ID' })).toEqual([
      'es_ES.UTF-8',
      runtime,
    ])
    expect(environmentLanguages({ LANG: 'pt_BR.UTF-8' })).toEqual(['pt_BR.UTF-8', runtime])
    expect(environmentLanguages({})).toEqual([runtime])
  })

  it('puts LANGUAGE’s list first, as gettext does, unless the locale is C', () => {
    expect(environmentLanguages({ LANGUAGE: 'ar:en', LANG: 'en_US.UTF-8' })).toEqual([
      'ar',
      'en',
      'en_US.UTF-8',
      runtime,
    ])
    expect(environmentLanguages({ LANGUAGE: 'ar', LANG: 'C' })).toEqual(['C', runtime])
  })
})

describe('MainIntl', () => {
  it('follows the language setting, and the system languages for "system"', async () => {
    let setting: LanguageSetting = 'system'
    const intl = await MainIntl.open({ setting: () => setting, system: ['es-AR'] })
    expect(intl.current().locale).toBe('es')
    setting = 'ar'
    void intl.refresh()
    // Until the new catalogue is in, the language shown stays whole.
    expect(intl.current().locale).toBe('es')
    await intl.settled()
    expect(intl.current().locale).toBe('ar')
    expect(
      intl.current().formatMessage({ id: 'errors.action.fileRename', defaultMessage: 'renaming a file' }),
    ).toBe('إعادة تسمية ملف')
  })
})
