import { defineMessage, type IntlShape, type MessageDescriptor } from 'react-intl'

const message: MessageDescriptor = defineMessage({
  id: 'upload.noPath.message',
  defaultMessage:
    '{alone, select, yes {The dropped item is not a file on this computer (dragged from a web page?), so it was not uploaded. Save it first, then drop the saved file.} other {{count, plural, one {# dropped item is not a file on this computer (dragged from a web page?), so it was not uploaded. Save it first, then drop the saved file.} other {# dropped items are not a file on this computer (dragged from a web page?), so they were not uploaded. Save them first, then drop the saved files.}}}}',
})

/**
 * In Electron a drop is uploaded by path. Something dragged from a web page (an image, a link's file) arrives as
 * a File with no path on this computer: it cannot be queued, and saying nothing would look like a drop that was
 * lost. Null when every dropped item had a path.
 */
export function noPathMessage(intl: IntlShape, paths: readonly string[]): string | null {
  const without = paths.filter((p) => p === '').length
  if (without === 0) return null
  return intl.formatMessage(message, {
    alone: without === paths.length && without === 1 ? 'yes' : 'no',
    count: without,
  })
}
