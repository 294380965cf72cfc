import { match } from '@formatjs/intl-localematcher'
import { describe, expect, it } from 'vitest'
import { directionOf, LOCALES, regionalFormatsFor, resolveLocale } from './locales.ts'

describe('which language the window speaks', () => {
  it.each([
    [['pt-PT'], 'pt-BR'],
    [['es-MX', 'en-US'], 'es'],
    [['de-DE', 'tr-TR'], 'tr'],
    [['de-DE'], 'en'],
    [['ar-EG'], 'ar'],
    [['in-ID'], 'id'],
    [['tr_TR.UTF-8'], 'tr'],
    [['C'], 'en'],
    [['not a tag!'], 'en'],
    [[], 'en'],
  ])('system %j → %s', (system, locale) => {
    expect(resolveLocale('system', system)).toBe(locale)
  })

  it.each([
    [['ca', 'de'], 'es'],
    [['ms'], 'id'],
    [['arz'], 'ar'],
    [['ku-Arab'], 'en'],
    [['tr-Arab'], 'en'],
  ])('system %j → %s: a near language, in its usual script', (system, locale) => {
    expect(resolveLocale('system', system)).toBe(locale)
  })

  it('a language it speaks, anywhere in the list, wins over a near one before it', () => {
    expect(resolveLocale('system', ['ca', 'en-US'])).toBe('en')
    expect(resolveLocale('system', ['de', 'ms', 'pt-PT'])).toBe('pt-BR')
  })

  it('agrees with CLDR’s matcher (@formatjs/intl-localematcher) on every language code alone', () => {
    const letters = 'abcdefghijklmnopqrstuvwxyz'
    const codes = [...letters].flatMap((a) =>
      [...letters].flatMap((b) => [a + b, ...[...letters].map((c) => a + b + c)]),
    )
    const differ = codes.filter((code) => resolveLocale('system', [code]) !== match([code], LOCALES, 'en'))
    expect(codes.length).toBe(26 * 26 * 27)
    expect(differ).toEqual([])
  })

  it('a chosen language wins over the system', () => {
    expect(resolveLocale('ar', ['es-ES'])).toBe('ar')
    expect(resolveLocale('en-XA', ['es-ES'])).toBe('en-XA')
  })

  it('Arabic alone is right to left', () => {
    expect(directionOf('ar')).toBe('rtl')
    expect(directionOf('pt-BR')).toBe('ltr')
  })

  it('dates and numbers keep the user’s region for the same language, else the language’s own', () => {
    expect(regionalFormatsFor('en', ['en-GB'])).toBe('en-GB')
    expect(regionalFormatsFor('es', ['es-MX', 'en-US'])).toBe('es-MX')
    expect(regionalFormatsFor('es', ['en-US'])).toBe('es')
    expect(regionalFormatsFor('pt-BR', ['pt-PT'])).toBe('pt-BR')
    expect(regionalFormatsFor('en-XA', ['en-AU'])).toBe('en-AU')
  })
})
