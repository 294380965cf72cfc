import type { AccountView } from '../../../../shared/accounts.ts'

/**
 * The account a link belongs to: the one whose base URL, link base or a former link base (a link domain its host
 * moved away from) the link starts with (a host may live under a path), the active account first when several
 * share a host. Asking a host about another host's link would only ever answer "not found", which would be a
 * false report of a dead link; main asks about a link on a former domain on the domain the host uses now.
 */
export function accountFor(link: string, accounts: readonly AccountView[]): AccountView | null {
  const matchOf = (a: AccountView) =>
    [a.baseUrl, ...(a.linkBase === null ? [] : [a.linkBase]), ...a.formerLinkBases]
      .filter((base) => link.startsWith(`${base}/`))
      .reduce((longest, base) => Math.max(longest, base.length), -1)
  const matches = accounts.filter((a) => matchOf(a) >= 0)
  return matches.find((a) => a.active) ?? matches.sort((a, b) => matchOf(b) - matchOf(a))[0] ?? null
}
