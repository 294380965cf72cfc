import { perLocale } from '../i18n/format-locale.ts'

/**
 * THE date format of the window: the window's locale (i18n/format-locale.ts), a medium date and a short time ("Nov 27, 2026, 1:50 AM" in
 * en-US, "27 Nov 2026, 01:50" in en-GB), for every date shown: file list, details, deleted files, upload
 * history, link checks, watch folders and the dashboard. One formatter of each kind for the window (building one
 * per call would cost the file list a formatter per row scrolled into view).
 *
 * Two kinds of time come in. Filedock's own (history, checks, watch activity) are instants (ISO with a zone,
 * epoch ms) and are shown in local time. The host's are "YYYY-MM-DD HH:MM:SS" with no zone (the spec does not
 * say which): they are shown as sent, the same digits in the locale's layout, never converted into a local time
 * we cannot be sure of. Formatting their digits as if they were UTC, in UTC, does exactly that.
 */
const local = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }))
const localDay = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium' }))
const asSent = perLocale(
  (l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
)
const asSentDay = perLocale((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeZone: 'UTC' }))

const HOST_STAMP = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?/

/** An instant of Filedock's own (ISO with a zone, or epoch ms), in local time; text that is no date as it is. */
export function formatDateTime(at: string | number): string {
  const date = new Date(at)
  return Number.isNaN(date.getTime()) ? String(at) : local().format(date)
}

/** The day of an instant of Filedock's own, in local time. */
export function formatLocalDay(at: string | number): string {
  const date = new Date(at)
  return Number.isNaN(date.getTime()) ? String(at) : localDay().format(date)
}

/** A host timestamp ("2026-11-23 14:05:59") as sent, to the minute; "—" for none, other text as it is. */
export function formatHostTime(value: string | null | undefined): string {
  if (!value) return '—'
  const date = hostStamp(value)
  if (date === null) return value
  return HOST_STAMP.exec(value)?.[4] === undefined ? asSentDay().format(date) : asSent().format(date)
}

/** The day of a host timestamp or date ("2026-11-23"), as sent. */
export function formatHostDay(value: string | null | undefined): string {
  if (!value) return '—'
  const date = hostStamp(value)
  return date === null ? value : asSentDay().format(date)
}

/**
 * A host timestamp as the `dateTime` of a <time> element ("2026-11-23T14:05:59", "2026-11-23"): the digits as
 * sent and no zone, as the host gives none; undefined for text that is no date.
 */
export function hostDateTime(value: string | null | undefined): string | undefined {
  const m = value ? HOST_STAMP.exec(value) : null
  if (!m || hostStamp(m[0]) === null) return undefined
  const [, y, mo, d, h, mi, s = '00'] = m
  return h === undefined ? `${y}-${mo}-${d}` : `${y}-${mo}-${d}T${h}:${mi}:${s}`
}

function hostStamp(value: string): Date | null {
  const m = HOST_STAMP.exec(value)
  if (!m) return null
  const [, y, mo, d, h = '0', mi = '0', s = '0'] = m
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)))
  return Number.isNaN(date.getTime()) ? null : date
}
