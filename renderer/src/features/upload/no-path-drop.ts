import { formatCount } from '../../lib/format.ts'

/**
 * In Electron a drop is uploaded by path. Something dragged from a web page (an image, a link's file) arrives as
 * a File with no path on this computer: it cannot be queued, and saying nothing would look like a drop that was
 * lost. Null when every dropped item had a path.
 */
export function noPathMessage(paths: readonly string[]): string | null {
  const without = paths.filter((p) => p === '').length
  if (without === 0) return null
  const what =
    without === paths.length && without === 1 ? 'The dropped item' : formatCount(without, 'dropped item')
  const is = without === 1 ? 'is' : 'are'
  return `${what} ${is} not a file on this computer (dragged from a web page?), so ${without === 1 ? 'it was' : 'they were'} not uploaded. Save ${without === 1 ? 'it' : 'them'} first, then drop the saved file${without === 1 ? '' : 's'}.`
}
