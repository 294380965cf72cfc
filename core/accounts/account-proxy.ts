import { z } from 'zod'
import { type AccountProxyView, type ProxyMode, proxyModes } from '../../shared/accounts.ts'
import { parseProxyUrl } from '../net/proxy-url.ts'

/**
 * An account's own proxy setting (issue 19): the system's (Electron's resolver, the environment in the browser
 * host and the CLI), none, or a proxy URL, which overrides the system's. The settings file holds the URL without
 * credentials; a user name and password live in the keychain like the key, under `proxySecretId` (never in a
 * file, a view, a message or a log).
 */
export const accountProxySchema = z.object({
  mode: z.enum(proxyModes),
  /** `scheme://host:port` for `url`, credentials removed. */
  url: z.string().optional(),
  /** Credentials for it are in the keychain. */
  withCredentials: z.boolean().optional(),
})
export type AccountProxy = z.infer<typeof accountProxySchema>

/** The keychain entry of an account's proxy credentials, beside its key's (the account id). */
export function proxySecretId(accountId: string): string {
  return `${accountId}:proxy`
}

export function proxyView(p: AccountProxy | undefined): AccountProxyView {
  if (p === undefined || p.mode !== 'url' || p.url === undefined)
    return { mode: p?.mode ?? 'system', url: null, withCredentials: false }
  return { mode: 'url', url: p.url, withCredentials: p.withCredentials === true }
}

/** What a change of the setting stores: the record, and what to do with the credentials in the keychain. */
export interface ProxyChange {
  record: AccountProxy
  /** `user:password` to keep, 'keep' the ones kept, or null to delete them. */
  credentials: string | 'keep' | null
}

/**
 * Reads the dialog's input. A URL is checked as curl reads it (http, https, socks5, socks5h); its credentials are
 * split off. A URL without credentials for the proxy already set keeps the credentials kept (the dialog shows the
 * URL without them).
 */
export function proxyChange(
  input: { mode: ProxyMode; url?: string | undefined },
  before: AccountProxy | undefined,
): ProxyChange {
  if (input.mode !== 'url') return { record: { mode: input.mode }, credentials: null }
  const target = parseProxyUrl(input.url ?? '')
  const { username, password } = target.url
  if (username !== '' || password !== '') {
    const credentials = `${decodeURIComponent(username)}:${decodeURIComponent(password)}`
    return { record: { mode: 'url', url: target.label, withCredentials: true }, credentials }
  }
  const same = before?.mode === 'url' && before.url === target.label && before.withCredentials === true
  return {
    record: { mode: 'url', url: target.label, ...(same ? { withCredentials: true } : {}) },
    credentials: same ? 'keep' : null,
  }
}

/** The proxy URL to connect through, credentials put back from the keychain's `user:password`. */
export function proxyUrlWith(p: AccountProxy, credentials: string | null): string {
  const url = new URL(p.url ?? '')
  if (credentials !== null) {
    const at = credentials.indexOf(':')
    url.username = encodeURIComponent(at < 0 ? credentials : credentials.slice(0, at))
    url.password = encodeURIComponent(at < 0 ? '' : credentials.slice(at + 1))
  }
  return url.href
}
