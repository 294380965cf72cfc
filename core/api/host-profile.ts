import { z } from 'zod'

/**
 * What an account's host has shown about itself beyond the spec (issue 19), remembered so the next call does it
 * right at once: where its links point (and pointed), the upload form's key field, one upload server per file,
 * a video-only rule, the request rate a 429 showed, a lock-out in force. Unknown hosts have an empty profile and
 * follow the spec. Kept per account in accounts.json by the account store (the one writer of that file); the
 * CLI's environment accounts keep it in memory for the run.
 */
export const hostProfileSchema = z.object({
  /** Where the host's page links point now: `{scheme}://{host}[:port][/prefix]`, no trailing slash. */
  linkBase: z.string().optional(),
  /** Set in the account dialog: a link base the user chose wins over what answers show. */
  linkBaseByHand: z.boolean().optional(),
  /** Link bases the host used before, newest first: a pasted link on one of them is still this account's. */
  formerLinkBases: z.array(z.string()).max(20).optional(),
  /** The upload form's key field when upload/server gives no session (`api_key`, DoodStream's; or `key`). */
  formKeyField: z.enum(['api_key', 'key']).optional(),
  /** The host takes one upload per upload server (session). */
  serverPerFile: z.boolean().optional(),
  /** The host accepts only video files: its rule in its own words. */
  videoOnlyRule: z.string().max(300).optional(),
  /** Requests per second the host showed it allows, learned from its 429s (the request budget keeps under it). */
  learnedRatePerSec: z.number().positive().optional(),
  /** A lock-out in force until then (epoch ms), and the host's words about it. */
  lockedUntil: z.number().optional(),
  lockedWords: z.string().max(300).optional(),
})

export type HostProfile = z.infer<typeof hostProfileSchema>

/** Reads a stored profile, dropping what does not parse (a profile is worth less than starting the app). */
export function profileFromJson(value: unknown): HostProfile {
  const parsed = hostProfileSchema.safeParse(value)
  return parsed.success ? parsed.data : {}
}

/** A link base moved: from the old one (or the API's base) to the new, as the host's answers showed. */
export interface LinkBaseMove {
  from: string
  to: string
}

export interface HostProfileOptions {
  initial?: HostProfile | undefined
  /** Called with each change worth keeping (the store persists it); never with the same values twice. */
  onLearn?: ((profile: HostProfile, patch: HostProfile) => void) | undefined
  /** Called once per move of the link base learned from answers (not for one set by hand). */
  onLinkBaseMoved?: ((move: LinkBaseMove) => void) | undefined
}

/**
 * The client's copy of its account's profile: read on every call that needs it, changed only through learn(),
 * which tells the owner what changed. Private state; one per API client.
 */
export class HostProfileKeeper {
  private profile: HostProfile

  constructor(private readonly options: HostProfileOptions = {}) {
    this.profile = { ...(options.initial ?? {}) }
  }

  get current(): Readonly<HostProfile> {
    return this.profile
  }

  /** Merges `patch`; tells the owner only when a value actually changes. */
  learn(patch: HostProfile): void {
    const changed: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(patch)) {
      const old = (this.profile as Record<string, unknown>)[k]
      if (JSON.stringify(old) !== JSON.stringify(v)) changed[k] = v
    }
    if (Object.keys(changed).length === 0) return
    this.profile = { ...this.profile, ...changed }
    for (const [k, v] of Object.entries(changed))
      if (v === undefined) delete (this.profile as Record<string, unknown>)[k]
    this.options.onLearn?.(this.profile, changed as HostProfile)
  }

  /**
   * A page link the host gave for `fileCode`: its link base is everything before `/<fileCode>`. A base that
   * differs from the current one (the API's base when none was learned) is a move: the old one joins the former
   * bases and the owner is told once. A base set by hand is kept; the host's is then only noted as former.
   */
  noteLink(link: string | undefined, fileCode: string, apiBase: string): void {
    const base = linkBaseOf(link, fileCode)
    if (base === undefined) return
    const current = this.profile.linkBase ?? apiBase
    if (base === current) return
    if (this.profile.linkBaseByHand) {
      this.learn({ formerLinkBases: withFormer(this.profile.formerLinkBases, base, current) })
      return
    }
    this.learn({ linkBase: base, formerLinkBases: withFormer(this.profile.formerLinkBases, current, base) })
    this.options.onLinkBaseMoved?.({ from: current, to: base })
  }
}

/** `former` first in the list of former bases, `now` out of it, at most 20 kept. */
function withFormer(list: readonly string[] | undefined, former: string, now: string): string[] {
  return [former, ...(list ?? []).filter((b) => b !== former && b !== now)].slice(0, 20)
}

/**
 * The link base of a page link `{base}/<code>[/<name>.html]`: an http(s) URL whose path holds `/<code>` as a
 * segment, cut before it; undefined for anything else (not a URL, not http(s), the code not in it).
 */
export function linkBaseOf(link: string | undefined, fileCode: string): string | undefined {
  if (link === undefined || fileCode === '') return undefined
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  const segments = url.pathname.split('/')
  const at = segments.indexOf(fileCode)
  if (at < 1) return undefined
  // The segments before the code are the base's path prefix (`/v` on hosts whose pages are `/v/<code>`). Only
  // page-link fields are read: a direct link (`/d/<token>/<name>`) is never passed here.
  return `${url.origin}${segments.slice(0, at).join('/')}`.replace(/\/+$/, '')
}
