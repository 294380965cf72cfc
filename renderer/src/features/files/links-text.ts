import { formatLinks } from '../../../../shared/link-pack.ts'

/**
 * Files' links as the text the file pane copies or drags, from the one link builder (shared/link-pack.ts): one
 * URL per line, http(s) only, a blank line between hosts. `direct`: the direct links fetched for them.
 */
export function linksText(
  files: readonly { link: string; directLink?: string }[],
  kind: 'page' | 'direct',
): string {
  return formatLinks(
    files.map((f) =>
      f.directLink === undefined ? { pageLink: f.link } : { pageLink: f.link, directLink: f.directLink },
    ),
    kind,
  )
}
