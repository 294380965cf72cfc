import { PART_LOCK_SUFFIX, PART_SUFFIX } from '../download/work-files.ts'

/**
 * Names a watched folder must not send: files still being written under a temporary name (browsers, download
 * managers, editors, Office's owner files) and the desktop's own bookkeeping files. The final name appears by
 * a rename once the writer is done, and that rename is what the watcher sends.
 */
const partialSuffixes = [
  '.part',
  '.partial',
  '.tmp',
  '.temp',
  '.crdownload',
  '.download',
  '.opdownload',
  '.!ut',
  '.swp',
  // Filedock's own downloads in progress (core/download/work-files.ts).
  PART_SUFFIX,
  PART_LOCK_SUFFIX,
]
/** Not temp files, but never something a user means to publish; skipping them is the careful default. */
const systemNames = new Set(['.ds_store', 'thumbs.db', 'desktop.ini'])

export function isPartialName(name: string): boolean {
  const lower = name.toLowerCase()
  if (lower.startsWith('~$') || lower.startsWith('.~lock.')) return true
  if (systemNames.has(lower)) return true
  return partialSuffixes.some((suffix) => lower.endsWith(suffix))
}
