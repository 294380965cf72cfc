import { defineMessages } from '@formatjs/intl'
import type { ErrorValues, FiledockError } from '../../shared/errors.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'

/**
 * A proxy as curl reads one (`--proxy`, `HTTPS_PROXY`…): `scheme://[user:password@]host[:port]`, the scheme
 * `http` when none is given, the port 1080 when none is given (curl's default for every proxy type; 443 for an
 * https proxy). `socks5` resolves the host's name here and hands the proxy an address; `socks5h` hands the proxy
 * the name. Credentials stay inside the parsed URL and never appear in `label`.
 */
export interface ProxyTarget {
  kind: 'http' | 'https' | 'socks5' | 'socks5h'
  /** The whole URL, credentials included: for the agent only. */
  url: URL
  /** `scheme://host:port`, no credentials: what messages and logs name. */
  label: string
}

const SCHEMES: Record<string, ProxyTarget['kind']> = {
  'http:': 'http',
  'https:': 'https',
  'socks5:': 'socks5',
  'socks5h:': 'socks5h',
}

export function parseProxyUrl(raw: string): ProxyTarget {
  const text = raw.trim()
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    throw badProxy(PROXY_URL.unreadable, { text: labelOfText(text) })
  }
  const kind = SCHEMES[url.protocol]
  if (kind === undefined) {
    throw badProxy(PROXY_URL.scheme, { scheme: url.protocol.replace(/:$/, ''), proxy: labelOf(url) })
  }
  if (url.hostname === '') throw badProxy(PROXY_URL.noHost, { proxy: labelOf(url) })
  if (url.port === '') url.port = kind === 'https' ? '443' : '1080'
  return { kind, url, label: labelOf(url) }
}

/** `scheme://host:port` of a proxy URL, never its credentials. */
export function labelOf(url: URL): string {
  // A URL drops a scheme's default port (https's 443, http's 80): the label says it anyway.
  const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '')
  return `${url.protocol}//${url.hostname}${port === '' ? '' : `:${port}`}`
}

/** A label for text that did not parse: anything before an `@` is dropped, so a password is never echoed. */
function labelOfText(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)?[^@/]*@/i, '$1').slice(0, 200)
}

function badProxy(text: ErrorMessage, values: ErrorValues): FiledockError {
  return translatedError({ kind: 'invalid_input' }, text, values)
}

const PROXY_URL = defineMessages({
  unreadable: {
    id: 'errors.proxy.unreadable',
    defaultMessage: '“{text}” is not a proxy address. Write it as http://host:port or socks5://host:port.',
  },
  scheme: {
    id: 'errors.proxy.scheme',
    defaultMessage:
      'Proxies of the kind {scheme}:// are not supported ({proxy}). Use http://, https://, socks5:// or socks5h://.',
  },
  noHost: { id: 'errors.proxy.noHost', defaultMessage: 'The proxy address {proxy} names no host.' },
})
