import type { RefObject } from 'react'
import type { AccountView, ProxyMode } from '../../../../shared/accounts.ts'

interface ConnectionFieldsProps {
  id: string
  account: AccountView
  linkBase: string
  onLinkBase: (linkBase: string) => void
  proxyMode: ProxyMode
  onProxyMode: (mode: ProxyMode) => void
  /** Uncontrolled like the key: a proxy URL may hold a password, which React must never mirror into the page. */
  proxyInput: RefObject<HTMLInputElement | null>
  /** Requests per second, as typed; empty: no limit of the user's own. */
  rate: string
  onRate: (rate: string) => void
}

const proxyLabels: Record<ProxyMode, string> = {
  system: 'The system’s proxy',
  none: 'No proxy',
  url: 'This proxy:',
}

/**
 * The account's link base (where its host's page links point, beside the API's base URL) and its proxy. An
 * empty link base is learned from the host's answers; a proxy of its own overrides the system's.
 */
export function ConnectionFields(p: ConnectionFieldsProps) {
  const learned = p.account.linkBaseByHand ? null : p.account.linkBase
  return (
    <>
      <div className="field">
        <label htmlFor={`${p.id}-links`}>Link base</label>
        <input
          id={`${p.id}-links`}
          className="input"
          type="url"
          value={p.linkBase}
          placeholder={learned ?? p.account.baseUrl}
          onChange={(e) => p.onLinkBase(e.target.value)}
        />
        <span className="field-hint">
          Where the host’s links point, when not at the base URL. Empty: learned from the host’s answers
          {learned ? ` (now ${learned})` : ''}.
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${p.id}-rate`}>Requests per second</label>
        <input
          id={`${p.id}-rate`}
          className="input"
          type="number"
          min={0.1}
          max={1000}
          step="any"
          value={p.rate}
          placeholder="No limit"
          onChange={(e) => p.onRate(e.target.value)}
        />
        <span className="field-hint">
          Everything Filedock sends this host shares it; a rate the host shows with “too many requests”
          applies too.
        </span>
      </div>
      <fieldset className="field">
        <legend>Proxy</legend>
        {(['system', 'none', 'url'] as const).map((mode) => (
          <label key={mode} className="radio">
            <input
              type="radio"
              name={`${p.id}-proxy`}
              value={mode}
              checked={p.proxyMode === mode}
              onChange={() => p.onProxyMode(mode)}
            />
            {proxyLabels[mode]}
          </label>
        ))}
        <input
          id={`${p.id}-proxy-url`}
          ref={p.proxyInput}
          className="input mono"
          aria-label="Proxy URL"
          defaultValue={p.account.proxy.url ?? ''}
          placeholder="socks5://user:password@host:1080"
          autoComplete="off"
          spellCheck={false}
          disabled={p.proxyMode !== 'url'}
        />
        <span className="field-hint">
          http://, https://, socks5:// or socks5h://. A user name and password go to the keychain
          {p.account.proxy.withCredentials ? '; the ones kept stay when the URL has none' : ''}.
        </span>
      </fieldset>
    </>
  )
}
