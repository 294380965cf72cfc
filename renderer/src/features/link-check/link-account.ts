import type { AccountView } from '../../../../shared/accounts.ts'
import { currentLinks, linkBasesOf } from '../../../../shared/links.ts'

/**
 * The account a link belongs to: the one whose base URL, link base or a former link base (a link domain its host
 * moved away from) the link starts with (a host may live under a path), the active account first when several
 * share a host. Asking a host about another host's link would only ever answer "not found", which would be a
 * false report of a dead link; main asks about a link on a former domain on the domain the host uses now.
 */
export function accountFor(link: string, accounts: readonly AccountView[]): AccountView | null {
  const matchOf = (a: AccountView) => {
    const bases = linkBasesOf(a)
    return [bases.current, ...bases.former]
      .filter((base) => link.startsWith(`${base}/`))
      .reduce((longest, base) => Math.max(longest, base.length), -1)
  }
  const matches = accounts.filter((a) => matchOf(a) >= 0)
  return matches.find((a) => a.active) ?? matches.sort((a, b) => matchOf(b) - matchOf(a))[0] ?? null
}

/**
 * Each link on a domain its account's host has moved away from, on the domain it uses now (shared/links.ts);
 * any other link as it is. What an old link pack needs to work again.
 */
export function currentLinkOf(accounts: readonly AccountView[]): (link: string) => string {
  return currentLinks(accounts.map(linkBasesOf))
}
