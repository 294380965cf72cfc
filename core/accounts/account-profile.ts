import type { HostProfile } from '../api/host-profile.ts'

/**
 * Changes to an account's host profile (core/api/host-profile.ts) as the account store makes them: what its API
 * client learned, a link base set by hand, a move to another address.
 */

/** `patch` over `profile`; a field set to undefined in the patch is removed. */
export function mergeProfile(profile: HostProfile | undefined, patch: HostProfile): HostProfile {
  const merged: HostProfile = { ...(profile ?? {}), ...patch }
  for (const [k, v] of Object.entries(patch)) if (v === undefined) delete merged[k as keyof HostProfile]
  return merged
}

/** The parts of a profile the user set by hand (the link base), which outlive a move to another address. */
export function handSetOf(profile: HostProfile | undefined): HostProfile | undefined {
  if (profile?.linkBaseByHand !== true || profile.linkBase === undefined) return undefined
  return { linkBase: profile.linkBase, linkBaseByHand: true }
}

/**
 * The link base set by hand (a string) or handed back to the host's answers (null). The base it replaces stays
 * known as a former one, so links on it are still recognised.
 */
export function withLinkBase(profile: HostProfile | undefined, linkBase: string | null): HostProfile {
  const { linkBase: old, linkBaseByHand: _byHand, ...rest } = profile ?? {}
  const former =
    old === undefined || old === linkBase
      ? rest.formerLinkBases
      : [old, ...(rest.formerLinkBases ?? []).filter((b) => b !== old)].slice(0, 20)
  return {
    ...rest,
    ...(former === undefined ? {} : { formerLinkBases: former }),
    ...(linkBase === null ? {} : { linkBase, linkBaseByHand: true }),
  }
}
