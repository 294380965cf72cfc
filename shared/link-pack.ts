import { FiledockError } from './errors.ts'
import { formatBytes } from './format-bytes.ts'
import type { SizeUnits } from './ipc/settings.ts'
import {
  bbcodeUrl,
  escapeBbcodeText,
  escapeHtml,
  escapeMarkdownText,
  markdownUrl,
  oneLine,
  safeUrl,
} from './link-escape.ts'
import { isLinkFormat, type LinkFormat, type LinkPackEntry } from './links.ts'

/**
 * What a list of bare links needs of a file: its page link, its direct link when fetched, and its host. Link
 * packs give the whole LinkPackEntry; the file pane's lists (copy, copy direct links, a drag's text) this much.
 */
export interface LinkOnly {
  pageLink: string
  directLink?: string
  /** The account's base URL, to group by host; without it, the page link's own (`{base_url}/<code>`). */
  baseUrl?: string
  accountLabel?: string
}

/**
 * The one builder of link lists: the links of finished uploads (link packs, in any format), and every list of
 * links the file pane copies or drags (formatLinks), as text to paste, one entry per line in the order given
 * (the engine passes folder order). Decisions:
 *
 * - page / direct: bare URLs, one per line, for download managers. `direct` falls back to the page link where
 *   no direct link was fetched, so every file is in the list (a page link still gets the file).
 * - plain: `photos/2019/a.jpg (2.4 MB) — https://…`: the path in the upload, because a plain listing is read by
 *   people and the same name often appears in several folders. Sizes in the app's units: decimal KB/MB/GB unless
 *   the setting says binary (format-bytes.ts).
 * - html: `<a href="…">name</a><br>`; markdown: `- [name](link)`: list items, because consecutive Markdown lines
 *   would render as one paragraph; bbcode: `[url=link]name[/url]`.
 * - Entries of several hosts are grouped per host (in order of first appearance) under a heading in the
 *   format's own style, with a blank line between groups. page and direct get no heading: a heading line would
 *   be pasted into a download manager as a bogus link, and each URL shows its host anyway.
 * - Only http(s) URLs are emitted (see safeUrl). An entry without one keeps its name, unlinked, in the
 *   formats people read, and is left out of the bare-URL lists.
 * - No trailing newline: the text goes to the clipboard.
 */
export function formatLinkPack(
  entries: readonly LinkPackEntry[],
  format: LinkFormat,
  units: SizeUnits = 'decimal',
): string {
  if (!isLinkFormat(format)) {
    throw new FiledockError({
      kind: 'invalid_input',
      message: `Unknown link format ${JSON.stringify(format)}.`,
    })
  }
  return layout(entries, format, (e) => entryLine(format, e, units))
}

/** Bare URLs, one per line, grouped per host: formatLinkPack's page and direct formats, for lists of links. */
export function formatLinks(entries: readonly LinkOnly[], format: 'page' | 'direct'): string {
  return layout(entries, format, (e) => bareLine(format, e))
}

function layout<E extends LinkOnly>(
  entries: readonly E[],
  format: LinkFormat,
  line: (entry: E) => string | null,
): string {
  const groups = groupByHost(entries)
  const blocks: string[] = []
  for (const group of groups) {
    const lines: string[] = []
    if (groups.length > 1) {
      const heading = headingLine(format, group.heading)
      if (heading !== null) lines.push(heading)
    }
    for (const entry of group.entries) {
      const text = line(entry)
      if (text !== null) lines.push(text)
    }
    if (lines.length > 0) blocks.push(lines.join('\n'))
  }
  return blocks.join('\n\n')
}

function bareLine(format: 'page' | 'direct', e: LinkOnly): string | null {
  const page = safeUrl(e.pageLink)
  return format === 'direct' ? (safeUrl(e.directLink) ?? page) : page
}

function entryLine(format: LinkFormat, e: LinkPackEntry, units: SizeUnits): string | null {
  const page = safeUrl(e.pageLink)
  const name = oneLine(e.name)
  switch (format) {
    case 'page':
    case 'direct':
      return bareLine(format, e)
    case 'plain': {
      const text = `${oneLine(e.relPath) || name} (${formatBytes(e.size, units)})`
      return page === null ? text : `${text} — ${page}`
    }
    case 'html':
      return page === null
        ? `${escapeHtml(name)}<br>`
        : `<a href="${escapeHtml(page)}">${escapeHtml(name)}</a><br>`
    case 'markdown':
      return page === null
        ? `- ${escapeMarkdownText(name)}`
        : `- [${escapeMarkdownText(name)}](${markdownUrl(page)})`
    case 'bbcode':
      return page === null
        ? escapeBbcodeText(name)
        : `[url=${bbcodeUrl(page)}]${escapeBbcodeText(name)}[/url]`
  }
}

/** `Labels (host)`, each part escaped on its own so the format's own parentheses stay plain. */
function headingLine(format: LinkFormat, heading: Heading): string | null {
  const text = (esc: (s: string) => string) =>
    heading.labels === '' ? esc(heading.host) : `${esc(heading.labels)} (${esc(heading.host)})`
  switch (format) {
    case 'page':
    case 'direct':
      return null
    case 'plain':
      return `${text((s) => s)}:`
    case 'html':
      return `<h3>${text(escapeHtml)}</h3>`
    case 'markdown':
      return `### ${text(escapeMarkdownText)}`
    case 'bbcode':
      return `[b]${text(escapeBbcodeText)}[/b]`
  }
}

interface Heading {
  /** Account labels, comma-separated; '' when they say nothing beyond the host. */
  labels: string
  host: string
}

interface HostGroup<E> {
  heading: Heading
  entries: E[]
}

/** Same host = same origin of baseUrl (scheme, host, port; case-insensitive); the heading names its accounts. */
function groupByHost<E extends LinkOnly>(entries: readonly E[]): HostGroup<E>[] {
  const groups = new Map<string, { host: string; labels: string[]; entries: E[] }>()
  for (const entry of entries) {
    const { key, host } = hostOf(entry.baseUrl ?? entry.pageLink)
    let group = groups.get(key)
    if (!group) {
      group = { host, labels: [], entries: [] }
      groups.set(key, group)
    }
    const label = oneLine(entry.accountLabel ?? '')
    if (label !== '' && !group.labels.includes(label)) group.labels.push(label)
    group.entries.push(entry)
  }
  return [...groups.values()].map((g) => {
    const labels = g.labels.filter((l) => l !== g.host).join(', ')
    return { heading: { labels, host: g.host }, entries: g.entries }
  })
}

function hostOf(baseUrl: string): { key: string; host: string } {
  try {
    const url = new URL(baseUrl.trim())
    return { key: url.origin, host: url.host }
  } catch {
    const text = oneLine(baseUrl)
    return { key: text.toLowerCase(), host: text }
  }
}
