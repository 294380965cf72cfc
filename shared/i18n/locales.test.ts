import { describe, expect, it } from 'vitest'
import { directionOf, regionalFormatsFor, resolveLocale } from './locales.ts'

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
