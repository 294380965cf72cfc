import { dayOf } from './envelope.ts'
import { type Entry, profitPerDownload } from './model.ts'

type DayEntry = Extract<Entry, { t: 'day' }>

/**
 * The journal rewritten as the fewest entries that rebuild the same state when replayed: what only repeats or
 * counts is folded, everything that creates something keeps its place (folder ids, file order and a seed's
 * generated files follow from the order of creation, so that order is never touched).
 *
 * - A file's renames and moves: only its last one stays, where it was. A rename only sets the name; a move is
 *   journaled only for an alive file into a folder of its account, so the last one alone decides the folder.
 *   The same for a folder's renames.
 * - Upload sessions that have expired by `now`: dropped (a restart forgets them anyway).
 * - Download and view counters: summed into one `dls` entry per file and one `day` entry per account and day,
 *   at the end (counters only add up, and by then every file exists). Earlier sums are summed again.
 *
 * `acctOf` gives a file's account: seeded files have no `file` entry to read it from.
 */
export function compactEntries(
  entries: readonly Entry[],
  now: number,
  acctOf: (code: string) => number | undefined,
): Entry[] {
  const last = new Map<string, number>()
  entries.forEach((e, i) => {
    const key = lastOnlyKey(e)
    if (key !== null) last.set(key, i)
  })
  const downloads = new Map<string, number>()
  const days = new Map<string, DayEntry>()
  const dayOfAcct = (acct: number, day: string): DayEntry => {
    const key = `${acct}\u0000${day}`
    let sum = days.get(key)
    if (!sum) {
      sum = { t: 'day', acct, day, downloads: 0, views: 0, profit: 0 }
      days.set(key, sum)
    }
    return sum
  }
  const out: Entry[] = []
  entries.forEach((e, i) => {
    switch (e.t) {
      case 'dl':
      case 'view': {
        const acct = acctOf(e.code)
        // Replay ignores a counter of an unknown file; so does the sum.
        if (acct === undefined) return
        const day = dayOfAcct(acct, dayOf(e.at))
        if (e.t === 'view') {
          day.views++
          return
        }
        day.downloads++
        day.profit += profitPerDownload
        downloads.set(e.code, (downloads.get(e.code) ?? 0) + 1)
        return
      }
      case 'dls':
        if (acctOf(e.code) !== undefined) downloads.set(e.code, (downloads.get(e.code) ?? 0) + e.n)
        return
      case 'day': {
        const day = dayOfAcct(e.acct, e.day)
        day.downloads += e.downloads
        day.views += e.views
        day.profit += e.profit
        return
      }
      case 'sess':
        if (e.exp > now) out.push(e)
        return
      default: {
        const key = lastOnlyKey(e)
        if (key === null || last.get(key) === i) out.push(e)
      }
    }
  })
  for (const [code, n] of downloads) out.push({ t: 'dls', code, n })
  out.push(...days.values())
  return out
}

/** Entries of which only the last of their key matters (see compactEntries), keyed; null for the others. */
function lastOnlyKey(e: Entry): string | null {
  switch (e.t) {
    case 'ren':
      return `ren\u0000${e.code}`
    case 'mv':
      return `mv\u0000${e.code}`
    case 'fren':
      return `fren\u0000${e.id}`
    default:
      return null
  }
}
