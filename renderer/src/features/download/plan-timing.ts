/** How long typing in Save in must pause before the folder is planned (a plan of 100,000 files is work for main). */
export const TYPING_PAUSE_MS = 300

/**
 * Whether the Save in folder changed by one key (a character typed or erased): the plan then waits for typing to
 * pause. A whole path (chosen with Browse…, pasted, filled in) is planned at once: waiting 300 ms for keys that
 * will not come was a sixth of the wait for the plan (bench app-download). The folder offered when the dialog
 * opens waits as typing does (DownloadDialog), so a path given right away replaces it without main first planning
 * 100,000 files into a folder nobody wants (about a second of main's time, which the wanted plan waits behind).
 */
export function isOneKey(before: string, after: string): boolean {
  if (Math.abs(before.length - after.length) !== 1) return false
  const [long, short] = before.length > after.length ? [before, after] : [after, before]
  let at = 0
  while (at < short.length && long[at] === short[at]) at++
  return long.slice(at + 1) === short.slice(at)
}
