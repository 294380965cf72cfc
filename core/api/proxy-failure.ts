import { defineMessages } from '@formatjs/intl'
import type { ErrorValues, FiledockError } from '../../shared/errors.ts'
import { type ErrorMessage, translatedError } from '../../shared/i18n/error-text.ts'

/**
 * A failure of a request that went through a proxy, when it is the proxy's: it could not be reached, it wants
 * credentials (or refused the ones given), or it refused to connect to the host. The message names the proxy
 * (`scheme://host:port`, never its credentials) so the user looks at the proxy setting, not at the host.
 * Undefined for failures that are the host's (a name of the host that does not resolve, an answer cut short),
 * which keep their usual messages. Every connection we open goes to the proxy, so a refused or timed-out
 * connection is the proxy's.
 */
export function proxyFailure(
  err: unknown,
  proxy: string,
  operation: string,
  url: URL,
): FiledockError | undefined {
  const e = (err ?? {}) as { code?: unknown; message?: unknown; hostname?: unknown }
  const code = typeof e.code === 'string' ? e.code : ''
  const text = typeof e.message === 'string' ? e.message : ''
  const target = url.host
  const fail = (message: ErrorMessage, values: ErrorValues = {}) =>
    translatedError({ kind: 'network', operation }, message, { proxy, target, ...values }, { cause: err })
  const status = /Proxy response \((\d{3})\)|Proxy Authentication Required \((\d{3})\)/.exec(text)
  if (status !== null) {
    const http = Number(status[1] ?? status[2])
    if (http === 407) return fail(PROXY.credentials)
    return fail(PROXY.refusedHttp, { http })
  }
  if (/^UND_ERR_SOCKS5_AUTH/.test(code) || /Username and password required/.test(text))
    return fail(PROXY.credentials)
  if (code === 'UND_ERR_SOCKS5_REPLY_2') return fail(PROXY.refusedRules)
  if (/^UND_ERR_SOCKS5_REPLY_/.test(code))
    return fail(PROXY.unreachable, { detail: text.replace(/^SOCKS5 connection failed: /, '') })
  if (/^UND_ERR_SOCKS5/.test(code) || /SOCKS5/.test(text)) return fail(PROXY.notSocks, { detail: text })
  switch (code) {
    case 'ECONNREFUSED':
      return fail(PROXY.connectRefused)
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      // With socks5:// the host's own name is looked up here: that failure is the host's.
      if (e.hostname === url.hostname) return undefined
      return fail(PROXY.noSuchName)
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return fail(PROXY.timedOut)
  }
  return undefined
}

/** The proxy's address and the host's are values (`{proxy}`, `{target}`), as are the proxy's own words. */
const PROXY = defineMessages({
  credentials: {
    id: 'errors.proxy.credentials',
    defaultMessage:
      'The proxy {proxy} wants a user name and password, or refused the ones given. Put them in the proxy setting as scheme://user:password@host:port (while {action}).',
  },
  refusedHttp: {
    id: 'errors.proxy.refusedHttp',
    defaultMessage:
      'The proxy {proxy} refused to connect to {target} (it answered HTTP {http}). Check the proxy setting (while {action}).',
  },
  refusedRules: {
    id: 'errors.proxy.refusedRules',
    defaultMessage:
      'The proxy {proxy} refused to connect to {target} (its rules do not allow it). Check the proxy setting (while {action}).',
  },
  unreachable: {
    id: 'errors.proxy.unreachable',
    defaultMessage: 'The proxy {proxy} could not reach {target} ({detail}) (while {action}).',
  },
  notSocks: {
    id: 'errors.proxy.notSocks',
    defaultMessage:
      'The proxy {proxy} did not answer as a SOCKS5 proxy does ({detail}). Check the proxy setting (while {action}).',
  },
  connectRefused: {
    id: 'errors.proxy.connectRefused',
    defaultMessage:
      'Could not connect to the proxy {proxy}: connection refused. Check the proxy setting (while {action}).',
  },
  noSuchName: {
    id: 'errors.proxy.noSuchName',
    defaultMessage:
      'Could not find the proxy {proxy}: its name does not resolve. Check the proxy setting (while {action}).',
  },
  timedOut: {
    id: 'errors.proxy.timedOut',
    defaultMessage: 'Connecting to the proxy {proxy} timed out. Check the proxy setting (while {action}).',
  },
})
