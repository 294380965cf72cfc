import type { MessageDescriptor } from 'react-intl'

/**
 * A table of messages (wrap `defineMessages({...})`, which the extractor reads) as plain descriptors. react-intl
 * types each defineMessages entry as taking no values unless they are declared per message, so a table whose
 * messages have placeholders would not format; the values are checked where it matters, by the catalogue
 * checks (formatjs verify: same placeholders in every language) and the tests.
 */
export function descriptors<K extends string>(
  table: Record<K, MessageDescriptor>,
): Record<K, MessageDescriptor> {
  return table
}
