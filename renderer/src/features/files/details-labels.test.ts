import { describe, expect, it } from 'vitest'
import { englishIntl } from '../../i18n/testing/english.ts'
import { placeName } from '../folders/folder-words.ts'
import { publicLabel } from './details-labels.ts'

describe('details panel labels', () => {
  it('names a folder from the account root, as the location column does', () => {
    expect(placeName('', englishIntl)).toBe('My files')
    expect(placeName('Documents/Invoices', englishIntl)).toBe('My files/Documents/Invoices')
  })

  it('reads public 1 and 0, and shows any other value as the host sent it rather than guess', () => {
    expect(publicLabel(1, englishIntl)).toBe('Yes')
    expect(publicLabel(0, englishIntl)).toBe('No')
    expect(publicLabel(2, englishIntl)).toBe('Host value 2')
  })
})
