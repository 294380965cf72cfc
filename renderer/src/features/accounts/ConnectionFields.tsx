import type { RefObject } from 'react'
import { defineMessages, FormattedMessage, type MessageDescriptor, useIntl } from 'react-intl'
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

const proxyLabels: Record<ProxyMode, MessageDescriptor> = defineMessages({
  system: { id: 'accounts.connection.proxySystem', defaultMessage: 'The system’s proxy' },
  none: { id: 'accounts.connection.proxyNone', defaultMessage: 'No proxy' },
  url: { id: 'accounts.connection.proxyUrl', defaultMessage: 'This proxy:' },
})

/**
 * The account's link base (where its host's page links point, beside the API's base URL) and its proxy. An
 * empty link base is learned from the host's answers; a proxy of its own overrides the system's.
 */
export function ConnectionFields(p: ConnectionFieldsProps) {
  const intl = useIntl()
  const learned = p.account.linkBaseByHand ? null : p.account.linkBase
  return (
    <>
      <div className="field">
        <label htmlFor={`${p.id}-links`}>
          <FormattedMessage id="accounts.connection.linkBase" defaultMessage="Link base" />
        </label>
        <input
          id={`${p.id}-links`}
          className="input"
          type="url"
          value={p.linkBase}
          placeholder={learned ?? p.account.baseUrl}
          onChange={(e) => p.onLinkBase(e.target.value)}
        />
        <span className="field-hint">
          {learned ? (
            <FormattedMessage
              id="accounts.connection.linkBaseHintLearned"
              defaultMessage="Where the host’s links point, when not at the base URL. Empty: learned from the host’s answers (now {learned})."
              values={{ learned: <span translate="no">{learned}</span> }}
            />
          ) : (
            <FormattedMessage
              id="accounts.connection.linkBaseHint"
              defaultMessage="Where the host’s links point, when not at the base URL. Empty: learned from the host’s answers."
            />
          )}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`${p.id}-rate`}>
          <FormattedMessage id="accounts.connection.rate" defaultMessage="Requests per second" />
        </label>
        <input
          id={`${p.id}-rate`}
          className="input"
          type="number"
          min={0.1}
          max={1000}
          step="any"
          value={p.rate}
          placeholder={intl.formatMessage({ id: 'accounts.connection.noLimit', defaultMessage: 'No limit' })}
          onChange={(e) => p.onRate(e.target.value)}
        />
        <span className="field-hint">
          <FormattedMessage
            id="accounts.connection.rateHint"
            defaultMessage="Everything Filedock sends this host shares it; a rate the host shows with “too many requests” applies too."
          />
        </span>
      </div>
      <fieldset className="field">
        <legend>
          <FormattedMessage id="accounts.connection.proxy" defaultMessage="Proxy" />
        </legend>
        {(['system', 'none', 'url'] as const).map((mode) => (
          <label key={mode} className="radio">
            <input
              type="radio"
              name={`${p.id}-proxy`}
              value={mode}
              checked={p.proxyMode === mode}
              onChange={() => p.onProxyMode(mode)}
            />
            {intl.formatMessage(proxyLabels[mode])}
          </label>
        ))}
        <input
          id={`${p.id}-proxy-url`}
          ref={p.proxyInput}
          className="input mono"
          aria-label={intl.formatMessage({
            id: 'accounts.connection.proxyUrlLabel',
            defaultMessage: 'Proxy URL',
          })}
          defaultValue={p.account.proxy.url ?? ''}
          placeholder={intl.formatMessage({
            id: 'accounts.connection.proxyPlaceholder',
            defaultMessage: 'socks5://user:password@host:1080',
          })}
          autoComplete="off"
          spellCheck={false}
          disabled={p.proxyMode !== 'url'}
        />
        <span className="field-hint">
          {p.account.proxy.withCredentials ? (
            <FormattedMessage
              id="accounts.connection.proxyHintKept"
              defaultMessage="http://, https://, socks5:// or socks5h://. A user name and password go to the keychain; the ones kept stay when the URL has none."
            />
          ) : (
            <FormattedMessage
              id="accounts.connection.proxyHint"
              defaultMessage="http://, https://, socks5:// or socks5h://. A user name and password go to the keychain."
            />
          )}
        </span>
      </fieldset>
    </>
  )
}
