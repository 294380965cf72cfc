import { relative } from 'node:path'
import { defineMessages, type IntlShape } from '@formatjs/intl'
import { plainMessages } from '../../core/i18n/written-message.ts'
import type { DownloadProblem } from '../../shared/downloads.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import type { QueueItemView } from '../../shared/queue.ts'

/**
 * `filedock download --json`: one line per file, in one shape whatever became of it: the host's code, the local
 * path, the size, and the status `downloaded`, `already here` (complete on disk, nothing fetched) or `failed`
 * with the reason (also `cancelled`). `name` is the host's name (the local one may have been made safe);
 * `restarted` says the host made the download start again from 0 (it ignored Range, or the file changed).
 */
export interface DownloadLine {
  status: 'downloaded' | 'already here' | 'failed' | 'cancelled'
  code: string
  path: string | null
  size: number | null
  name: string
  reason?: { kind: string; message: string }
  restarted?: string
}

export function downloadLine(item: QueueItemView): DownloadLine {
  const base = {
    code: item.fileCode ?? item.source,
    path: item.localPath ?? null,
    size: item.size,
    name: item.name,
    ...(item.restarted ? { restarted: item.restarted } : {}),
  }
  if (item.state === 'done') return { status: item.alreadyThere ? 'already here' : 'downloaded', ...base }
  return {
    status: item.state === 'cancelled' ? 'cancelled' : 'failed',
    ...base,
    ...(item.error ? { reason: { kind: item.error.kind, message: item.error.message } } : {}),
  }
}

/** A file the plan found complete on disk: not queued, reported as the queue would report it. */
export function alreadyHereLine(f: {
  code: string
  path: string
  size: number
  hostName: string
}): DownloadLine {
  return { status: 'already here', code: f.code, path: f.path, size: f.size, name: f.hostName }
}

/** A code the host does not know (and the like): left out, reported as failed with the reason. */
export function problemLine(p: DownloadProblem): DownloadLine {
  return {
    status: 'failed',
    code: p.fileCode ?? '',
    path: null,
    size: null,
    name: '',
    reason: { kind: 'not_found', message: p.message },
  }
}

const m = plainMessages(
  defineMessages({
    problem: { id: 'cli.download.problem', defaultMessage: 'filedock: {code}: {reason}' },
    problemNoCode: { id: 'cli.download.problemNoCode', defaultMessage: 'filedock: {reason}' },
  }),
)

/** For stderr: `filedock: <code>: <why>`. */
export function problemText(intl: IntlShape, p: DownloadProblem): string {
  const reason = errorText(intl, { kind: 'not_found', ...p })
  return p.fileCode === undefined
    ? intl.formatMessage(m.problemNoCode, { reason })
    : intl.formatMessage(m.problem, { code: p.fileCode, reason })
}

/** A path under the download folder as the messages show it. */
export function shownPath(dir: string, path: string): string {
  return relative(dir, path) || path
}
