import { useId, useMemo } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Icon } from '../../components/Icon.tsx'
import { EmptyState } from '../../components/States.tsx'
import { ViewToolbar } from '../../components/ViewToolbar.tsx'
import { errorMessage } from '../../lib/call.ts'
import { copyText } from '../../lib/clipboard.ts'
import { toast } from '../../state/toast-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { downloadText, toCsv } from './csv.ts'
import { extractLinks, moveLinks } from './extract-links.ts'
import { LinkCheckTable } from './LinkCheckTable.tsx'
import { currentLinkOf } from './link-account.ts'
import { useLinkCheck } from './link-check-store.ts'
import { resultText } from './result-text.ts'

/**
 * Paste any text, check every link in it with the host it belongs to, then copy the live ones or export the
 * table. Each link is asked about once per check; checking again asks again (links die between checks).
 */
export function LinkCheckView() {
  const intl = useIntl()
  const { text, rows, running, setText, check } = useLinkCheck()
  const { data } = useAccounts()
  const id = useId()
  // Parsing a long paste is the costly part of a render; results arriving must not redo it.
  const found = useMemo(() => extractLinks(text), [text])
  // Links on a domain their account's host moved away from, put on the one it uses now (issue 19).
  const move = useMemo(() => currentLinkOf(data?.accounts ?? []), [data])
  const rebuilt = useMemo(() => moveLinks(text, move), [text, move])
  const count = found.links.length + found.invalid.length
  const live = rows.filter((r) => r.result.state === 'found').map((r) => r.link)
  const dead = rows.filter((r) => r.result.state === 'missing').length
  const waiting = rows.filter((r) => r.result.state === 'waiting').length

  const copyLive = async () => {
    try {
      await copyText(live.map(move).join('\n'))
      toast.success((intl) =>
        intl.formatMessage(
          {
            id: 'linkCheck.copiedLive',
            defaultMessage: 'Copied {count, plural, one {# live link} other {# live links}}',
          },
          { count: live.length },
        ),
      )
    } catch (error) {
      toast.error((intl) =>
        intl.formatMessage(
          { id: 'linkCheck.copyLiveFailed', defaultMessage: 'Could not copy the links: {message}' },
          { message: errorMessage(error) },
        ),
      )
    }
  }
  const copyRebuilt = async () => {
    try {
      await copyText(rebuilt.text)
      toast.success((intl) =>
        intl.formatMessage(
          {
            id: 'linkCheck.copiedRebuilt',
            defaultMessage:
              'Copied the text with {count, plural, one {# link} other {# links}} on the current domains',
          },
          { count: rebuilt.moved },
        ),
      )
    } catch (error) {
      toast.error((intl) =>
        intl.formatMessage(
          { id: 'linkCheck.copyRebuiltFailed', defaultMessage: 'Could not copy the text: {message}' },
          { message: errorMessage(error) },
        ),
      )
    }
  }
  const exportCsv = () => {
    const csv = toCsv(
      [
        intl.formatMessage({ id: 'linkCheck.csv.link', defaultMessage: 'Link' }),
        intl.formatMessage({ id: 'linkCheck.csv.found', defaultMessage: 'Found' }),
        intl.formatMessage({ id: 'linkCheck.csv.size', defaultMessage: 'Size (bytes)' }),
      ],
      rows.map((r) => [
        r.link,
        resultText(intl, r.result),
        r.result.state === 'found' ? String(r.result.size) : '',
      ]),
    )
    downloadText(`link-check-${new Date().toISOString().slice(0, 10)}.csv`, csv)
  }

  return (
    <>
      <ViewToolbar>
        <h1 className="breadcrumb">
          <FormattedMessage id="linkCheck.title" defaultMessage="Link checker" />
        </h1>
      </ViewToolbar>
      <div className="page link-check">
        <form
          className="link-check-form"
          onSubmit={(e) => {
            e.preventDefault()
            if (data) void check(data.accounts)
          }}
        >
          <label htmlFor={`${id}-text`}>
            <FormattedMessage
              id="linkCheck.pasteLabel"
              defaultMessage="Paste links, or any text with links in it"
            />
          </label>
          <textarea
            id={`${id}-text`}
            className="input textarea mono"
            rows={6}
            value={text}
            placeholder={intl.formatMessage(
              {
                id: 'linkCheck.placeholder',
                defaultMessage: '{first}{newline}See also {second}',
              },
              {
                first: 'https://files.example.com/abc123def456',
                newline: '\n',
                second: 'https://files.example.com/…',
              },
            )}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="link-check-actions">
            <button type="submit" className="btn btn-primary" disabled={count === 0 || !data}>
              {running ? <span className="spinner" aria-hidden="true" /> : <Icon name="link" size={14} />}
              {running ? (
                <FormattedMessage id="linkCheck.checking" defaultMessage="Checking…" />
              ) : (
                <FormattedMessage id="linkCheck.check" defaultMessage="Check links" />
              )}
            </button>
            <span className="muted" data-testid="link-count">
              <FormattedMessage
                id="linkCheck.count"
                defaultMessage="{count, plural, =0 {No links in the text yet.} one {# link in the text.} other {# links in the text.}}"
                values={{ count }}
              />
            </span>
          </div>
          {rebuilt.moved > 0 && (
            <div className="link-check-actions" data-testid="links-moved">
              <span className="muted">
                <FormattedMessage
                  id="linkCheck.moved"
                  defaultMessage="{count, plural, one {# link on a domain the host moved away from, checked on the one it uses now.} other {# links on a domain the host moved away from, checked on the one it uses now.}}"
                  values={{ count: rebuilt.moved }}
                />
              </span>
              <button type="button" className="btn" onClick={() => void copyRebuilt()}>
                <Icon name="copy" size={14} />{' '}
                <FormattedMessage
                  id="linkCheck.copyRebuilt"
                  defaultMessage="Copy the text with current links"
                />
              </button>
            </div>
          )}
        </form>
        {rows.length === 0 ? (
          <EmptyState
            icon="link"
            title={intl.formatMessage({ id: 'linkCheck.empty.title', defaultMessage: 'Nothing checked yet' })}
          >
            <FormattedMessage
              id="linkCheck.empty.body"
              defaultMessage="Each link is asked about with the host of the account it belongs to."
            />
          </EmptyState>
        ) : (
          <section className="panel" aria-labelledby={`${id}-results`}>
            <div className="panel-header">
              <h2 className="panel-title" id={`${id}-results`}>
                <FormattedMessage id="linkCheck.results" defaultMessage="Results" />
              </h2>
              <span className="muted" role="status" data-testid="link-check-summary">
                <FormattedMessage
                  id="linkCheck.summary"
                  defaultMessage="{live, plural, one {# live link} other {# live links}} · {dead, plural, one {# not found} other {# not found}}{waiting, plural, =0 {} one { · # still checking} other { · # still checking}}"
                  values={{ live: live.length, dead, waiting }}
                />
              </span>
              <div className="link-check-actions">
                <button
                  type="button"
                  className="btn"
                  disabled={live.length === 0}
                  onClick={() => void copyLive()}
                >
                  <Icon name="copy" size={14} />{' '}
                  <FormattedMessage id="linkCheck.copyLive" defaultMessage="Copy live links" />
                </button>
                <button type="button" className="btn" disabled={running} onClick={exportCsv}>
                  <Icon name="download" size={14} />{' '}
                  <FormattedMessage id="linkCheck.exportCsv" defaultMessage="Export CSV" />
                </button>
              </div>
            </div>
            <LinkCheckTable rows={rows} />
          </section>
        )}
      </div>
    </>
  )
}
