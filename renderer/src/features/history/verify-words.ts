import { defineMessages, type IntlShape } from 'react-intl'
import type {
  BatchVerifyCounts,
  BatchVerifyFile,
  BatchVerifyReport,
  BatchVerifyStatus,
} from '../../../../shared/verify.ts'
import { BATCH_VERIFY_STATUSES } from '../../../../shared/verify.ts'
import { errorMessage } from '../../lib/call.ts'
import { formatSize } from '../../lib/format.ts'

/** How each verdict reads alone ("differs"): a file's line in the dialog and in the copied report. */
const verdicts = defineMessages<
  Record<Exclude<BatchVerifyStatus, 'differs' | 'failed'>, Record<string, never>>
>({
  same: { id: 'verify.verdict.same', defaultMessage: 'same' },
  missing: { id: 'verify.verdict.missing', defaultMessage: 'missing on the host' },
  'missing-locally': { id: 'verify.verdict.missingLocally', defaultMessage: 'missing locally' },
  'not-uploaded': { id: 'verify.verdict.notUploaded', defaultMessage: 'not uploaded' },
  'source-unknown': { id: 'verify.verdict.sourceUnknown', defaultMessage: 'not verifiable: source unknown' },
})

/** How each verdict reads counted ("2 differ"): plurals, as the verb or adjective agrees with the count. */
const counted = defineMessages<Record<BatchVerifyStatus, { count: number }>>({
  same: { id: 'verify.count.same', defaultMessage: '{count, plural, one {# same} other {# same}}' },
  differs: {
    id: 'verify.count.differs',
    defaultMessage: '{count, plural, one {# differs} other {# differ}}',
  },
  missing: {
    id: 'verify.count.missing',
    defaultMessage: '{count, plural, one {# missing on the host} other {# missing on the host}}',
  },
  'missing-locally': {
    id: 'verify.count.missingLocally',
    defaultMessage: '{count, plural, one {# missing locally} other {# missing locally}}',
  },
  'not-uploaded': {
    id: 'verify.count.notUploaded',
    defaultMessage: '{count, plural, one {# not uploaded} other {# not uploaded}}',
  },
  'source-unknown': {
    id: 'verify.count.sourceUnknown',
    defaultMessage:
      '{count, plural, one {# not verifiable: source unknown} other {# not verifiable: source unknown}}',
  },
  failed: {
    id: 'verify.count.failed',
    defaultMessage: '{count, plural, one {# could not be checked} other {# could not be checked}}',
  },
})

/** One file's verdict with its where and why: "differs at byte 1,048,576 (here 2 MB, on the host 3 MB)". */
export function fileVerdict(f: BatchVerifyFile, intl: IntlShape): string {
  if (f.status === 'differs') {
    const offset = f.offset ?? 0
    return f.localSize !== null && f.hostSize !== null && f.localSize !== f.hostSize
      ? intl.formatMessage(
          {
            id: 'verify.verdict.differsSizes',
            defaultMessage: 'differs at byte {offset, number} (here {here}, on the host {there})',
          },
          { offset, here: formatSize(f.localSize), there: formatSize(f.hostSize) },
        )
      : intl.formatMessage(
          { id: 'verify.verdict.differs', defaultMessage: 'differs at byte {offset, number}' },
          { offset },
        )
  }
  if (f.status === 'failed')
    // The message is main's or the host's own words: shown as they are.
    return f.message
      ? intl.formatMessage(
          { id: 'verify.verdict.failedWhy', defaultMessage: 'could not be checked: {message}' },
          { message: f.error ? errorMessage(f.error) : f.message },
        )
      : intl.formatMessage({
          id: 'verify.verdict.failed',
          defaultMessage: 'could not be checked: the host kept failing',
        })
  return intl.formatMessage(verdicts[f.status])
}

/** "12 same, 1 differs": the verdicts present, in a fixed order, listed as the language lists. */
export function countsLine(counts: BatchVerifyCounts, intl: IntlShape): string {
  const parts = BATCH_VERIFY_STATUSES.filter((s) => counts[s] > 0).map((s) =>
    intl.formatMessage(counted[s], { count: counts[s] }),
  )
  return parts.length === 0
    ? intl.formatMessage({ id: 'verify.count.none', defaultMessage: 'no files' })
    : intl.formatList(parts, { type: 'unit' })
}

/** The toast's one line: all same, or the problems first. */
export function verdictLine(counts: BatchVerifyCounts, total: number, intl: IntlShape): string {
  if (counts.same === total)
    return intl.formatMessage(
      {
        id: 'verify.toast.allSame',
        defaultMessage:
          '{count, plural, one {# file verified same on the host} other {# files verified same on the host}}',
      },
      { count: total },
    )
  return countsLine(counts, intl)
}

/**
 * The report as text to copy: a heading, the counts, then one line per file (path, tab, verdict). It is written
 * in the window's language, as the user reads it there and pastes it for people who read what they do; the
 * paths and account names are data, as they are.
 */
export function reportText(report: BatchVerifyReport, label: string, intl: IntlShape): string {
  const head = [
    intl.formatMessage(
      { id: 'verify.report.heading', defaultMessage: 'Verify of {label}: {counts}' },
      { label, counts: countsLine(report.counts, intl) },
    ),
    intl.formatMessage(
      {
        id: 'verify.report.compared',
        defaultMessage:
          '{done, number} of {total, plural, one {# file} other {# files}} compared{cancelled, select, yes { (cancelled)} other {}}; {full, select, yes {every byte read} other {sampled ranges read}}, {read} from the host.',
      },
      {
        done: report.files.length,
        total: report.total,
        cancelled: report.cancelled ? 'yes' : 'no',
        full: report.full ? 'yes' : 'no',
        read: formatSize(report.bytesRead),
      },
    ),
  ]
  const lines = report.files.map(
    (f) => `${f.relPath}${f.accountLabel ? ` [${f.accountLabel}]` : ''}\t${fileVerdict(f, intl)}`,
  )
  return `${[...head, '', ...lines].join('\n')}\n`
}
