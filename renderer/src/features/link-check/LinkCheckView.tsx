import { useId, useMemo } from 'react'
import { Icon } from '../../components/Icon.tsx'
import { EmptyState } from '../../components/States.tsx'
import { ViewToolbar } from '../../components/ViewToolbar.tsx'
import { errorMessage } from '../../lib/call.ts'
import { copyText } from '../../lib/clipboard.ts'
import { formatCount } from '../../lib/format.ts'
import { toast } from '../../state/toast-store.ts'
import { useAccounts } from '../accounts/use-accounts.ts'
import { downloadText, toCsv } from './csv.ts'
import { extractLinks } from './extract-links.ts'
import { LinkCheckTable } from './LinkCheckTable.tsx'
import { useLinkCheck } from './link-check-store.ts'
import { resultText } from './result-text.ts'

/**
 * Paste any text, check every link in it with the host it belongs to, then copy the live ones or export the
 * table. Each link is asked about once per check; checking again asks again (links die between checks).
 */
export function LinkCheckView() {
  const { text, rows, running, setText, check } = useLinkCheck()
  const { data } = useAccounts()
  const id = useId()
  // Parsing a long paste is the costly part of a render; results arriving must not redo it.
  const found = useMemo(() => extractLinks(text), [text])
  const count = found.links.length + found.invalid.length
  const live = rows.filter((r) => r.result.state === 'found').map((r) => r.link)
  const dead = rows.filter((r) => r.result.state === 'missing').length
  const waiting = rows.filter((r) => r.result.state === 'waiting').length

  const copyLive = async () => {
    try {
      await copyText(live.join('\n'))
      toast.success(`Copied ${formatCount(live.length, 'live link')}`)
    } catch (error) {
      toast.error(`Could not copy the links: ${errorMessage(error)}`)
    }
  }
  const exportCsv = () => {
    const csv = toCsv(
      ['Link', 'Found', 'Size (bytes)'],
      rows.map((r) => [
        r.link,
        resultText(r.result),
        r.result.state === 'found' ? String(r.result.size) : '',
      ]),
    )
    downloadText(`link-check-${new Date().toISOString().slice(0, 10)}.csv`, csv)
  }

  return (
    <>
      <ViewToolbar>
        <h1 className="breadcrumb">Link checker</h1>
      </ViewToolbar>
      <div className="page link-check">
        <form
          className="link-check-form"
          onSubmit={(e) => {
            e.preventDefault()
            if (data) void check(data.accounts)
          }}
        >
          <label htmlFor={`${id}-text`}>Paste links, or any text with links in it</label>
          <textarea
            id={`${id}-text`}
            className="input textarea mono"
            rows={6}
            value={text}
            placeholder={'https://files.example.com/abc123def456\nSee also https://files.example.com/…'}
            onChange={(e) => setText(e.target.value)}
          />
          <div className="link-check-actions">
            <button type="submit" className="btn btn-primary" disabled={count === 0 || !data}>
              {running ? <span className="spinner" aria-hidden="true" /> : <Icon name="link" size={14} />}
              {running ? 'Checking…' : 'Check links'}
            </button>
            <span className="muted" data-testid="link-count">
              {count === 0 ? 'No links in the text yet.' : `${formatCount(count, 'link')} in the text.`}
            </span>
          </div>
        </form>
        {rows.length === 0 ? (
          <EmptyState icon="link" title="Nothing checked yet">
            Each link is asked about with the host of the account it belongs to.
          </EmptyState>
        ) : (
          <section className="panel" aria-labelledby={`${id}-results`}>
            <div className="panel-header">
              <h2 className="panel-title" id={`${id}-results`}>
                Results
              </h2>
              <span className="muted" role="status" data-testid="link-check-summary">
                {formatCount(live.length, 'live link')} · {dead} not found
                {waiting > 0 ? ` · ${waiting} still checking` : ''}
              </span>
              <div className="link-check-actions">
                <button
                  type="button"
                  className="btn"
                  disabled={live.length === 0}
                  onClick={() => void copyLive()}
                >
                  <Icon name="copy" size={14} /> Copy live links
                </button>
                <button type="button" className="btn" disabled={running} onClick={exportCsv}>
                  <Icon name="download" size={14} /> Export CSV
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
