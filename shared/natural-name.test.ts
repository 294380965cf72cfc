import { describe, expect, it } from 'vitest'
import { compareNaturally, naturalKey } from './natural-name.ts'

describe('names as people count', () => {
  it('puts report_2 before report_10 before report_192, whatever the case', () => {
    const names = ['report_192', 'Report_10', 'report_2', 'report_1', 'report', 'REPORT_20']
    expect([...names].sort(compareNaturally)).toEqual([
      'report',
      'report_1',
      'report_2',
      'Report_10',
      'REPORT_20',
      'report_192',
    ])
  })

  it('compares every number in a name, and numbers longer than nine digits', () => {
    const names = ['v1.10.2', 'v1.2.10', 'v1.2.9', 'disk 12345678901', 'disk 9999999999', 'disk 99']
    expect([...names].sort(compareNaturally)).toEqual([
      'disk 99',
      'disk 9999999999',
      'disk 12345678901',
      'v1.2.9',
      'v1.2.10',
      'v1.10.2',
    ])
  })

  it('ties leading zeros in the key and breaks the tie by the name, so the order is total', () => {
    expect(naturalKey('report_02')).toBe(naturalKey('report_2'))
    expect(naturalKey('Report_2')).toBe(naturalKey('report_2'))
    expect(['report_2', 'report_02'].sort(compareNaturally)).toEqual(['report_02', 'report_2'])
    expect(naturalKey('0')).toBe(naturalKey('000'))
  })

  it('sorts a number where its first digit would sort among other characters', () => {
    expect(['a_b', 'a-b', 'a5'].sort(compareNaturally)).toEqual(['a-b', 'a5', 'a_b'])
  })
})
