/**
 * Link packs: the links of finished uploads, formatted for pasting (link-pack.ts formats them; the
 * renderer names them in the window's language: renderer/src/features/upload/link-format-words.ts).
 */

export const linkFormats = ['page', 'direct', 'plain', 'html', 'markdown', 'bbcode'] as const

export type LinkFormat = (typeof linkFormats)[number]

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

/**
 * The one builder of a page link: `{link_base}/<file_code>`, from the account's link base now (where its host's
 * links point: learned from its answers or set by hand, else its API base). Links are kept as (account, file
 * code) and built when shown or copied, so a link domain that moved gives working links (issue 19).
 */
export function pageLinkOf(linkBase: string, fileCode: string): string {
  return `${linkBase}/${fileCode}`
}

/**
 * A link on one of `formerBases` (a link domain the account's host used before, or its API base), moved onto
 * `currentBase`; any other link as it is. The rest of the link (`/<code>/<name>.html`) is kept.
 */
export function rebaseLink(link: string, formerBases: readonly string[], currentBase: string): string {
  for (const base of formerBases) {
    if (base !== currentBase && link.startsWith(`${base}/`)) return `${currentBase}${link.slice(base.length)}`
  }
  return link
}

/** Where one account's links point now, and where they pointed before (its former link bases, its API base). */
export interface AccountLinkBases {
  current: string
  former: readonly string[]
}

/**
 * The one reading of an account's link bases, for main (the account store's records) and the window (account
 * views): its links point at its link base (learned or set by hand), else at its API base; before, they pointed
 * at its former link bases and at its API base (a host's links start there until it shows another domain).
 */
export function linkBasesOf(account: {
  baseUrl: string
  linkBase?: string | null | undefined
  formerLinkBases?: readonly string[] | undefined
}): AccountLinkBases {
  return {
    current: account.linkBase ?? account.baseUrl,
    former: [...(account.formerLinkBases ?? []), account.baseUrl],
  }
}

/**
 * For links kept before the accounts' link domains moved (the account index keeps the links its listings gave):
 * each link on a former base of an account, moved onto that account's current base (rebaseLink).
 */
export function currentLinks(accounts: readonly AccountLinkBases[]): (link: string) => string {
  const moved = accounts.filter((a) => a.former.some((b) => b !== a.current))
  if (moved.length === 0) return (link) => link
  return (link) => {
    for (const a of moved) {
      const next = rebaseLink(link, a.former, a.current)
      if (next !== link) return next
    }
    return link
  }
}
