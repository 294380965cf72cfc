import { describe, expect, it } from 'vitest'
import { formatDateTime, formatHostDay, formatHostTime, formatLocalDay, hostDateTime } from './dates.ts'

// The tests run in Node's default locale and zone; what they pin is that every kind of date comes out in the one
// layout of the locale, whatever shape it came in.
const layout = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
})
const dayLayout = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' })

describe('one date format', () => {
  it('shows a host timestamp as sent (its digits, no zone applied), to the minute, in the locale’s layout', () => {
    const sent = new Date(Date.UTC(2026, 10, 23, 14, 5))
    expect(formatHostTime('2026-11-23 14:05:59')).toBe(layout.format(sent))
    expect(formatHostTime('2026-11-23T14:05:59Z')).toBe(layout.format(sent))
    expect(formatHostTime('2026-11-23')).toBe(dayLayout.format(sent))
    expect(formatHostDay('2026-11-23 14:05:59')).toBe(dayLayout.format(sent))
    expect(formatHostTime('yesterday')).toBe('yesterday')
    expect(formatHostTime(null)).toBe('—')
    expect(formatHostDay(undefined)).toBe('—')
  })

  it('gives a host timestamp to <time dateTime> as sent, with no zone, and nothing for text that is no date', () => {
    expect(hostDateTime('2026-11-23 14:05:59')).toBe('2026-11-23T14:05:59')
    expect(hostDateTime('2026-11-23 14:05')).toBe('2026-11-23T14:05:00')
    expect(hostDateTime('2026-11-23')).toBe('2026-11-23')
    expect(hostDateTime('yesterday')).toBeUndefined()
    expect(hostDateTime(null)).toBeUndefined()
  })

  it('shows Filedock’s own instants in local time, in the same layout', () => {
    const at = Date.UTC(2026, 10, 27, 1, 50)
    const local = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    expect(formatDateTime(at)).toBe(local.format(at))
    expect(formatDateTime(new Date(at).toISOString())).toBe(local.format(at))
    expect(formatLocalDay(at)).toBe(new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(at))
    expect(formatDateTime('not a date')).toBe('not a date')
  })
})
