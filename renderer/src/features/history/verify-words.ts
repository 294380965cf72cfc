import type {
  BatchVerifyCounts,
  BatchVerifyFile,
  BatchVerifyReport,
  BatchVerifyStatus,
} from '../../../../shared/verify.ts'
import { BATCH_VERIFY_STATUSES } from '../../../../shared/verify.ts'
import { formatNumber, formatSize } from '../../lib/format.ts'

/** How each verdict reads, alone ("differs") and counted ("2 differ"). */
export const VERIFY_WORDS: Record<BatchVerifyStatus, { one: string; many: string }> = {
  same: { one: 'same', many: 'same' },
  differs: { one: 'differs', many: 'differ' },
  missing: { one: 'missing on the host', many: 'missing on the host' },
  'missing-locally': { one: 'missing locally', many: 'missing locally' },
  'not-uploaded': { one: 'not uploaded', many: 'not uploaded' },
  'source-unknown': { one: 'not verifiable: source unknown', many: 'not verifiable: source unknown' },
  failed: { one: 'could not be checked', many: 'could not be checked' },
}

/** One file's verdict with its where and why: "differs at byte 1,048,576 (here 2 MB, on the host 3 MB)". */
export function fileVerdict(f: BatchVerifyFile): string {
  if (f.status === 'differs') {
    const sizes =
      f.localSize !== null && f.hostSize !== null && f.localSize !== f.hostSize
        ? ` (here ${formatSize(f.localSize)}, on the host ${formatSize(f.hostSize)})`
        : ''
    return `differs at byte ${formatNumber(f.offset ?? 0)}${sizes}`
  }
  if (f.status === 'failed') return `could not be checked: ${f.message ?? 'the host kept failing'}`
  return VERIFY_WORDS[f.status].one
}

/** "12 same, 1 differs": the verdicts present, in a fixed order. */
export function countsLine(counts: BatchVerifyCounts): string {
  const parts = BATCH_VERIFY_STATUSES.filter((s) => counts[s] > 0).map(
    (s) => `${formatNumber(counts[s])} ${counts[s] === 1 ? VERIFY_WORDS[s].one : VERIFY_WORDS[s].many}`,
  )
  return parts.length === 0 ? 'no files' : parts.join(', ')
}

/** The toast's one line: all same, or the problems first. */
export function verdictLine(counts: BatchVerifyCounts, total: number): string {
  const files = `${formatNumber(total)} ${total === 1 ? 'file' : 'files'}`
  if (counts.same === total) return `${files} verified same on the host`
  return countsLine(counts)
}

/** The report as text to copy: a heading, the counts, then one line per file (path, tab, verdict). */
export function reportText(report: BatchVerifyReport, label: string): string {
  const how = report.full ? 'every byte read' : 'sampled ranges read'
  const head = [
    `Verify of ${label}: ${countsLine(report.counts)}`,
    `${formatNumber(report.files.length)} of ${formatNumber(report.total)} files compared${report.cancelled ? ' (cancelled)' : ''}; ${how}, ${formatSize(report.bytesRead)} from the host.`,
  ]
  const lines = report.files.map(
    (f) => `${f.relPath}${f.accountLabel ? ` [${f.accountLabel}]` : ''}\t${fileVerdict(f)}`,
  )
  return `${[...head, '', ...lines].join('\n')}\n`
}
