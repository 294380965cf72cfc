import type { Writable } from 'node:stream'
import type { EnqueueProblem, QueueItemView } from '../../shared/queue.ts'

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
export function failureMessage(item: QueueItemView): string {
  const what = item.kind === 'url' ? item.source : item.relPath || item.source
  return `filedock: ${what}: ${item.error?.message ?? 'failed'}`
}

/** A storage check that could not run is a warning (the files were queued); every other problem left files out. */
export function isLeftOut(problem: EnqueueProblem): boolean {
  return problem.kind !== 'storage_unchecked'
}

export function problemMessage(problem: EnqueueProblem, accountLabel: (id: string) => string): string {
  const where = problem.path !== '' ? problem.path : problem.accountId ? accountLabel(problem.accountId) : ''
  const prefix = isLeftOut(problem) ? 'filedock: ' : 'filedock: warning: '
  const hint = problem.kind === 'web_page' ? ' --allow-html sends it anyway.' : ''
  return `${prefix}${where === '' ? '' : `${where}: `}${problem.message}${hint}`
}

export function writeLine(out: Writable, value: unknown): void {
  out.write(`${JSON.stringify(value)}\n`)
}
