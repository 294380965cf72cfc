import { expect, it } from 'vitest'
import { cliIntl } from './text.ts'

it('makes one intl per language, once, and English reads no catalogue', async () => {
  const english = await cliIntl({ LANG: 'en_US.UTF-8' })
  expect(english.locale).toBe('en')
  // English is each message's defaultMessage in the code: no catalogue was loaded for it.
  expect(Object.keys(english.messages)).toEqual([])
  const spanish = await cliIntl({ LANG: 'es_ES.UTF-8' })
  expect(spanish.locale).toBe('es')
  expect(spanish.messages['cli.help.exitCodes']).toBe('Códigos de salida:')
  // LC_ALL wins over LANG, and the same language gives the same intl, made once.
  expect(await cliIntl({ LANG: 'tr_TR.UTF-8', LC_ALL: 'es_MX.UTF-8' })).toBe(spanish)
  expect(await cliIntl({ LANG: 'en_GB.UTF-8', LANGUAGE: 'en:es' })).toBe(english)
})
