import './download.css'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { DownloadPlanSummary } from '../../../../shared/downloads.ts'
import { api } from '../../app/bridge.ts'
import { Modal } from '../../components/Modal.tsx'
import { call, errorMessage } from '../../lib/call.ts'
import { formatSize } from '../../lib/format.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { toast } from '../../state/toast-store.ts'
import { useUploads } from '../../state/upload-store.ts'
import { chooseLocalFolder } from '../local-folders/choose-local-folder.ts'
import { useUploadSettings } from '../upload/use-upload-settings.ts'
import { PathField } from '../watch/PathField.tsx'
import { conflictWords } from './conflict-words.ts'
import { type DownloadAsk, useDownloadRequest } from './download-request.ts'
import { isOneKey, TYPING_PAUSE_MS } from './plan-timing.ts'

/** The Download… dialog, while a menu asks for one. */
export function DownloadDialog() {
  const ask = useDownloadRequest((s) => s.ask)
  if (!ask) return null
  return <Dialog ask={ask} />
}

/**
 * Where the files go (the folder Download… offers: the last one downloaded into, else Downloads/Filedock; Browse…
 * is THE local-folder picker), what main's plan says will happen there (nothing is touched to make it), and the
 * conflict policy of Settings. Download queues the files as one batch of the transfers panel.
 */
function Dialog({ ask }: { ask: DownloadAsk }) {
  const close = useDownloadRequest((s) => s.close)
  const settings = useUploadSettings().data
  const offered = useQuery({
    queryKey: ['downloads', 'folder'],
    queryFn: () => call(api.downloads.folder()),
    staleTime: 0,
  })
  const [to, setTo] = useState<string | null>(null)
  // Whether the last change of `to` waits before it is planned (plan-timing.ts).
  const [waits, setWaits] = useState(false)
  const change = (next: string, wait: boolean) => {
    setWaits(wait)
    setTo(next)
  }
  useEffect(() => {
    if (to === null && offered.data) {
      setWaits(true)
      setTo(offered.data.path)
    }
  }, [to, offered.data])
  const [busy, setBusy] = useState(false)
  const intl = useIntl()
  const onConflict = settings?.onConflict ?? 'skip'
  // The folder planned: at once, or once typing pauses (plan-timing.ts).
  const folder = useDebounced(to ?? '', TYPING_PAUSE_MS, { now: !waits })
  const plan = useQuery({
    queryKey: ['downloads', 'plan', ask, folder, onConflict],
    queryFn: () =>
      call(api.downloads.plan({ accountId: ask.accountId, to: folder, onConflict, what: ask.what })),
    enabled: folder !== '',
    retry: false,
    staleTime: 0,
  })

  const browse = async () => {
    try {
      const chosen = await chooseLocalFolder('downloads', to || null)
      if (chosen !== null) change(chosen, false)
    } catch (error) {
      toast.error(() => errorMessage(error))
    }
  }
  const start = async () => {
    if (!to) return
    setBusy(true)
    try {
      const started = await call(
        api.downloads.start({ accountId: ask.accountId, to, onConflict, what: ask.what }),
      )
      const p = started.plan
      if (started.batchId === null)
        toast.info((intl) =>
          intl.formatMessage(
            {
              id: 'download.toast.nothing',
              defaultMessage:
                'Nothing to download: {count, plural, one {# file} other {# files}} already in {folder}',
            },
            { count: p.alreadyHere, folder: p.dir },
          ),
        )
      else {
        toast.success((intl) =>
          intl.formatMessage(
            {
              id: 'download.toast.started',
              defaultMessage: 'Downloading {count, plural, one {# file} other {# files}} to {folder}',
            },
            { count: p.toFetch, folder: p.dir },
          ),
        )
        useUploads.getState().setPanelOpen(true)
      }
      close()
    } catch (error) {
      toast.error((intl) =>
        intl.formatMessage(
          { id: 'download.toast.failed', defaultMessage: 'Could not download: {error}' },
          { error: errorMessage(error) },
        ),
      )
    } finally {
      setBusy(false)
    }
  }

  const ready = plan.data !== undefined && folder === to && !plan.isFetching
  return (
    <Modal
      open
      onOpenChange={(open) => !open && close()}
      title={intl.formatMessage({ id: 'download.dialog.title', defaultMessage: 'Download' })}
      description={intl.formatMessage(
        {
          id: 'download.dialog.description',
          defaultMessage: 'Download {what} to a folder of this computer.',
        },
        { what: ask.label(intl) },
      )}
      footer={
        <>
          <button type="button" className="btn" onClick={close}>
            <FormattedMessage id="download.dialog.cancel" defaultMessage="Cancel" />
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!ready || busy}
            onClick={() => void start()}
          >
            <FormattedMessage id="download.dialog.download" defaultMessage="Download" />
          </button>
        </>
      }
    >
      <PathField
        label={intl.formatMessage({ id: 'download.dialog.saveIn', defaultMessage: 'Save in' })}
        value={to ?? ''}
        onChange={(typed) => change(typed, isOneKey(to ?? '', typed))}
        placeholder={intl.formatMessage({
          id: 'download.dialog.placeholder',
          defaultMessage: '/home/me/Downloads/Filedock',
        })}
        browseLabel={intl.formatMessage({
          id: 'download.dialog.browse',
          defaultMessage: 'Browse for the folder to download into',
        })}
        onBrowse={() => void browse()}
        required
      />
      <p className="field-hint">
        <FormattedMessage
          id="download.dialog.conflict"
          defaultMessage="If a name is taken: {policy, select, skip {skip files already here} rename {keep both} other {replace}} ({detail}). Change it in Settings."
          values={{ policy: onConflict, detail: conflictWords(intl, onConflict).detail }}
        />
      </p>
      {plan.error ? (
        <p className="form-error" role="alert" translate="no">
          {errorMessage(plan.error)}
        </p>
      ) : plan.data ? (
        <PlanSummary plan={plan.data} />
      ) : (
        <p className="muted">
          <FormattedMessage id="download.dialog.reading" defaultMessage="Reading what is to download…" />
        </p>
      )}
    </Modal>
  )
}

function PlanSummary({ plan }: { plan: DownloadPlanSummary }) {
  const short = plan.freeBytes !== null && plan.totalBytes > plan.freeBytes
  const intl = useIntl()
  return (
    <ul
      className="download-plan"
      aria-label={intl.formatMessage({ id: 'download.plan.label', defaultMessage: 'Download plan' })}
    >
      <li>
        {plan.resumed > 0 ? (
          <FormattedMessage
            id="download.plan.toFetchResumed"
            defaultMessage="To fetch: {count, plural, one {# file} other {# files}} ({size}), {resumed, number} continued from where they stopped"
            values={{ count: plan.toFetch, size: formatSize(plan.totalBytes), resumed: plan.resumed }}
          />
        ) : (
          <FormattedMessage
            id="download.plan.toFetch"
            defaultMessage="To fetch: {count, plural, one {# file} other {# files}} ({size})"
            values={{ count: plan.toFetch, size: formatSize(plan.totalBytes) }}
          />
        )}
      </li>
      <li>
        <FormattedMessage
          id="download.plan.alreadyHere"
          defaultMessage="Already here, not fetched again: {count, plural, one {# file} other {# files}}"
          values={{ count: plan.alreadyHere }}
        />
      </li>
      {plan.conflicts > 0 ? (
        <li>
          <FormattedMessage
            id="download.plan.conflicts"
            defaultMessage="Names taken by another file: {count, number}"
            values={{ count: plan.conflicts }}
          />
        </li>
      ) : null}
      {plan.renamed > 0 ? (
        <li>
          <FormattedMessage
            id="download.plan.renamed"
            defaultMessage="Names made safe for this disk: {count, number}"
            values={{ count: plan.renamed }}
          />
        </li>
      ) : null}
      {plan.problems.map((p) => (
        <li key={`${p.fileCode ?? ''} ${p.message}`} className="short" translate="no">
          {errorMessage(p)}
        </li>
      ))}
      {plan.freeBytes !== null ? (
        <li className={short ? 'short' : undefined}>
          {short ? (
            <FormattedMessage
              id="download.plan.freeShort"
              defaultMessage="Free space there: {free} ({missing} short)"
              values={{
                free: formatSize(plan.freeBytes),
                missing: formatSize(plan.totalBytes - plan.freeBytes),
              }}
            />
          ) : (
            <FormattedMessage
              id="download.plan.free"
              defaultMessage="Free space there: {free}"
              values={{ free: formatSize(plan.freeBytes) }}
            />
          )}
        </li>
      ) : null}
    </ul>
  )
}
