import { expect, it } from 'vitest'
import { uploadedKey } from './uploaded-key.ts'

it('orders host timestamps by time, whatever shape they come in, and puts unreadable ones first', () => {
  const texts = [
    '2026-03-01 09:00:00',
    '2025-12-31 23:59:59',
    '2026-03-01',
    '2026-03-01T08:59:59Z',
    'yesterday',
    '',
  ]
  const keys = texts.map(uploadedKey)
  expect(keys.slice(0, 4).every((k) => typeof k === 'number')).toBe(true)
  expect(keys.slice(4)).toEqual([null, null])
  const sorted = [...texts].sort((a, b) => (uploadedKey(a) ?? -1) - (uploadedKey(b) ?? -1))
  expect(sorted.slice(2)).toEqual([
    '2025-12-31 23:59:59',
    '2026-03-01',
    '2026-03-01T08:59:59Z',
    '2026-03-01 09:00:00',
  ])
})
