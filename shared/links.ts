/**
 * Link packs: the links of finished uploads, formatted for pasting (link-pack.ts formats them; the
 * renderer offers the formats by these names).
 */

export const linkFormats = ['page', 'direct', 'plain', 'html', 'markdown', 'bbcode'] as const

export type LinkFormat = (typeof linkFormats)[number]

/** Names a person picks a format by. */
export const linkFormatLabels: Record<LinkFormat, string> = {
  page: 'Page links',
  direct: 'Direct links',
  plain: 'Names and links',
  html: 'HTML',
  markdown: 'Markdown',
  bbcode: 'BBCode (forums)',
}

export function isLinkFormat(value: unknown): value is LinkFormat {
  return typeof value === 'string' && (linkFormats as readonly string[]).includes(value)
}

/** One uploaded file in a link pack, in the order the pack lists it (the engine passes folder order). */
export interface LinkPackEntry {
  name: string
  /** Path inside the upload, e.g. `photos/2019/a.jpg`. */
  relPath: string
  /** Bytes. */
  size: number
  /** `{base_url}/<file_code>` */
  pageLink: string
  /** From file/direct_link, when it was fetched. */
  directLink?: string
  accountLabel: string
  /** The account's host; entries of several hosts are grouped per host. */
  baseUrl: string
}
