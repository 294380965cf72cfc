import type { MessageDescriptor } from '@formatjs/intl'

// Apart from intl-for.ts, which makes an intl when it loads: the CLI's modules declare their messages with these
// at load, and a run that words nothing (an upload with --json that goes through) must not start ICU for them.

/** A message written in the code: its id and its English (so it can also be an error's text, ErrorMessage). */
export type WrittenMessage = MessageDescriptor & { id: string; defaultMessage: string }

/**
 * Messages as plain descriptors. FormatJS types each defineMessages entry by the values it reads in its text, and
 * reads no plural with `#` nor an empty case: such a message could then not be formatted at all.
 */
export function plainMessages<T extends Record<string, WrittenMessage>>(
  messages: T,
): { readonly [K in keyof T]: WrittenMessage } {
  return messages
}
