import './download.css'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { DownloadPlanSummary } from '../../../../shared/downloads.ts'
import { api } from '../../app/bridge.ts'
import { Modal } from '../../components/Modal.tsx'
import { call, errorMessage } from '../../lib/call.ts'
import { formatNumber, formatSize } from '../../lib/format.ts'
import { useDebounced } from '../../lib/use-debounced.ts'
import { toast } from '../../state/toast-store.ts'
import { useUploads } from '../../state/upload-store.ts'
import { chooseLocalFolder } from '../local-folders/choose-local-folder.ts'
import { useUploadSettings } from '../upload/use-upload-settings.ts'
import { PathField } from '../watch/PathField.tsx'
import { CONFLICT_WORDS } from './conflict-words.ts'
import { type DownloadAsk, useDownloadRequest } from './download-request.ts'

/** The Download… dialog, while a menu asks for one. */
export function DownloadDialog() {
  const ask = useDownloadRequest((s) => s.ask)
  if (!ask) return null
  return <Dialog ask={ask} />
}

const files = (n: number) => `${formatNumber(n)} ${n === 1 ? 'file' : 'files'}`

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
  useEffect(() => {
    if (to === null && offered.data) setTo(offered.data.path)
  }, [to, offered.data])
  const [busy, setBusy] = useState(false)
  const onConflict = settings?.onConflict ?? 'skip'
  const folder = useDebounced(to ?? '', 300)
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
      if (chosen !== null) setTo(chosen)
    } catch (error) {
      toast.error(errorMessage(error))
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
        toast.info(`Nothing to download: ${files(p.alreadyHere)} already in ${p.dir}`)
      else {
        toast.success(`Downloading ${files(p.toFetch)} to ${p.dir}`)
        useUploads.getState().setPanelOpen(true)
      }
      close()
    } catch (error) {
      toast.error(`Could not download: ${errorMessage(error)}`)
    } finally {
      setBusy(false)
    }
  }

  const ready = plan.data !== undefined && folder === to && !plan.isFetching
  return (
    <Modal
      open
      onOpenChange={(open) => !open && close()}
      title="Download"
      description={`Download ${ask.label} to a folder of this computer.`}
      footer={
        <>
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!ready || busy}
            onClick={() => void start()}
          >
            Download
          </button>
        </>
      }
    >
      <PathField
        label="Save in"
        value={to ?? ''}
        onChange={setTo}
        placeholder="/home/me/Downloads/Filedock"
        browseLabel="Browse for the folder to download into"
        onBrowse={() => void browse()}
        required
      />
      <p className="field-hint">
        If a name is taken: {CONFLICT_WORDS[onConflict].label.toLowerCase()} (
        {CONFLICT_WORDS[onConflict].detail}). Change it in Settings.
      </p>
      {plan.error ? (
        <p className="form-error" role="alert">
          {errorMessage(plan.error)}
        </p>
      ) : plan.data ? (
        <PlanSummary plan={plan.data} />
      ) : (
        <p className="muted">Reading what is to download…</p>
      )}
    </Modal>
  )
}

function PlanSummary({ plan }: { plan: DownloadPlanSummary }) {
  const short = plan.freeBytes !== null && plan.totalBytes > plan.freeBytes
  return (
    <ul className="download-plan" aria-label="Download plan">
      <li>
        To fetch: {files(plan.toFetch)} ({formatSize(plan.totalBytes)})
        {plan.resumed > 0 ? `, ${formatNumber(plan.resumed)} continued from where they stopped` : ''}
      </li>
      <li>Already here, not fetched again: {files(plan.alreadyHere)}</li>
      {plan.conflicts > 0 ? <li>Names taken by another file: {formatNumber(plan.conflicts)}</li> : null}
      {plan.renamed > 0 ? <li>Names made safe for this disk: {formatNumber(plan.renamed)}</li> : null}
      {plan.problems.map((p) => (
        <li key={`${p.fileCode ?? ''} ${p.message}`} className="short">
          {p.message}
        </li>
      ))}
      {plan.freeBytes !== null ? (
        <li className={short ? 'short' : undefined}>
          Free space there: {formatSize(plan.freeBytes)}
          {short ? ` (${formatSize(plan.totalBytes - plan.freeBytes)} short)` : ''}
        </li>
      ) : null}
    </ul>
  )
}
