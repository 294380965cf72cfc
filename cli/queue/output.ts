import type { Writable } from 'node:stream'
import { defineMessages, type IntlShape } from '@formatjs/intl'
import { plainMessages } from '../../core/i18n/written-message.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import type { EnqueueProblem, QueueItemView } from '../../shared/queue.ts'

const m = plainMessages(
  defineMessages({
    failed: { id: 'cli.queue.failed', defaultMessage: 'filedock: {what}: {reason}' },
    failedNoReason: { id: 'cli.queue.failedNoReason', defaultMessage: 'failed' },
    problem: { id: 'cli.queue.problem', defaultMessage: 'filedock: {where}: {reason}' },
    problemNowhere: { id: 'cli.queue.problemNowhere', defaultMessage: 'filedock: {reason}' },
    warning: { id: 'cli.queue.warning', defaultMessage: 'filedock: warning: {where}: {reason}' },
    warningNowhere: { id: 'cli.queue.warningNowhere', defaultMessage: 'filedock: warning: {reason}' },
    webPage: { id: 'cli.queue.webPageHint', defaultMessage: '--allow-html sends it anyway.' },
  }),
)

/** One line of `--json` output for a finished item: where it came from and where it landed, or why it failed. */
export function itemLine(item: QueueItemView, accountLabel: string): Record<string, unknown> {
  const common = { path: item.source, relPath: item.relPath, account: accountLabel }
  if (item.state === 'done') {
    return {
      state: 'done',
      ...common,
      fileCode: item.fileCode,
      link: item.pageLink,
      size: item.size,
      fldId: item.targetFldId,
      // Not sent: a file of this name and size was already in the folder; code and link are that file's.
      ...(item.alreadyThere ? { alreadyThere: true } : {}),
    }
  }
  return {
    state: item.state,
    ...common,
    error: item.error ? { kind: item.error.kind, message: item.error.message } : null,
  }
}

/** For stderr: `filedock: photos/a.jpg: <why>`. */
export function failureMessage(intl: IntlShape, item: QueueItemView): string {
  const what = item.kind === 'url' ? item.source : item.relPath || item.source
  const reason = item.error ? errorText(intl, item.error) : intl.formatMessage(m.failedNoReason)
  return intl.formatMessage(m.failed, { what, reason })
}

/** A storage check that could not run is a warning (the files were queued); every other problem left files out. */
export function isLeftOut(problem: EnqueueProblem): boolean {
  return problem.kind !== 'storage_unchecked'
}

/**
 * For stderr: a problem found before queueing, where it is (path, URL or account) and why; the reason is core's
 * (errorText words it in the user's language where core gave it an id).
 */
export function problemMessage(
  intl: IntlShape,
  problem: EnqueueProblem,
  accountLabel: (id: string) => string,
): string {
  const where = problem.path !== '' ? problem.path : problem.accountId ? accountLabel(problem.accountId) : ''
  const reason = errorText(intl, { ...problem, kind: 'invalid_input' })
  const leftOut = isLeftOut(problem)
  const line =
    where === ''
      ? intl.formatMessage(leftOut ? m.problemNowhere : m.warningNowhere, { reason })
      : intl.formatMessage(leftOut ? m.problem : m.warning, { where, reason })
  return problem.kind === 'web_page' ? `${line} ${intl.formatMessage(m.webPage)}` : line
}

export function writeLine(out: Writable, value: unknown): void {
  out.write(`${JSON.stringify(value)}\n`)
}
