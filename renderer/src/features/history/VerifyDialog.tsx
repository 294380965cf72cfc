import { ProgressBar } from '../../components/ProgressBar.tsx'
import './history.css'
import { isBatchProblem } from '../../../../shared/verify.ts'
import { Modal } from '../../components/Modal.tsx'
import { errorMessage } from '../../lib/call.ts'
import { copyText } from '../../lib/clipboard.ts'
import { formatNumber, formatSize } from '../../lib/format.ts'
import { toast } from '../../state/toast-store.ts'
import { useVerify, type VerifyRun } from './verify-store.ts'
import { countsLine, fileVerdict, reportText } from './verify-words.ts'

/** The Verify dialog, while a run is shown. */
export function VerifyDialog() {
  const run = useVerify((s) => (s.shown === null ? null : (s.runs[s.shown] ?? null)))
  if (!run) return null
  return <Dialog run={run} />
}

/**
 * One verify of an upload batch: how far it is (it runs in main; Cancel stops it, Close only hides it), then each
 * file's verdict with the counts, Verify again / Full check, and the report to copy.
 */
function Dialog({ run }: { run: VerifyRun }) {
  const { close, cancel, start } = useVerify.getState()
  const report = run.report
  const running = report === null && run.error === null
  const copy = async () => {
    if (!report) return
    try {
      await copyText(reportText(report, run.label))
      toast.success('Verify report copied')
    } catch (error) {
      toast.error(`Could not copy the report: ${errorMessage(error)}`)
    }
  }
  const how = run.full ? 'every byte' : 'sizes, then sampled ranges'
  return (
    <Modal
      open
      wide
      onOpenChange={(open) => !open && close()}
      title="Verify"
      description={`Each file of ${run.label} compared with its copy on the host: ${how}.`}
      footer={
        <>
          {running ? (
            <button type="button" className="btn" onClick={() => cancel(run.verifyId)}>
              Cancel verify
            </button>
          ) : (
            <>
              <button type="button" className="btn" onClick={() => start(run.batchId, run.label, false)}>
                Verify again
              </button>
              <button type="button" className="btn" onClick={() => start(run.batchId, run.label, true)}>
                Full check
              </button>
              <button type="button" className="btn" disabled={!report} onClick={() => void copy()}>
                Copy report
              </button>
            </>
          )}
          <button type="button" className="btn btn-primary" onClick={close}>
            Close
          </button>
        </>
      }
    >
      {run.error !== null ? (
        <p className="form-error" role="alert">
          Could not verify: {run.error}
        </p>
      ) : report === null ? (
        <Progress run={run} />
      ) : (
        <>
          <p className="verify-counts" data-testid="verify-counts">
            {countsLine(report.counts)}
            {report.cancelled
              ? ` · cancelled after ${formatNumber(report.files.length)} of ${formatNumber(report.total)} files`
              : ''}
            {` · ${report.full ? 'full check' : 'sampled'}, ${formatSize(report.bytesRead)} read`}
          </p>
          <ul className="verify-results" aria-label="Verify results">
            {report.files.map((f) => (
              <li
                key={f.entryId}
                aria-label={f.relPath}
                className={isBatchProblem(f.status) ? 'verify-problem' : undefined}
              >
                <span className="truncate" title={f.localPath ?? undefined}>
                  {f.relPath}
                  {f.accountLabel ? <span className="queue-chip">{f.accountLabel}</span> : null}
                </span>
                <span data-testid="verify-verdict">{fileVerdict(f)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  )
}

function Progress({ run }: { run: VerifyRun }) {
  const p = run.progress
  const fraction = p && p.total > 0 ? p.done / p.total : null
  return (
    <div className="verify-progress">
      <p aria-live="polite">
        {p
          ? `Compared ${formatNumber(p.done)} of ${formatNumber(p.total)} files · ${formatSize(p.bytesRead)} read`
          : 'Starting…'}
      </p>
      <ProgressBar label="Verify progress" fraction={fraction} />
    </div>
  )
}
