import './history.css'
import { useId } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { type BatchVerifyFile, isBatchProblem } from '../../../../shared/verify.ts'
import { common } from '../../components/common-messages.ts'
import { Modal } from '../../components/Modal.tsx'
import { ProgressBar } from '../../components/ProgressBar.tsx'
import { errorMessage } from '../../lib/call.ts'
import { copyText } from '../../lib/clipboard.ts'
import { formatSize } from '../../lib/format.ts'
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
  const intl = useIntl()
  const { close, cancel, start } = useVerify.getState()
  const report = run.report
  const running = report === null && run.error === null
  const copy = async () => {
    if (!report) return
    try {
      await copyText(reportText(report, run.label(intl), intl))
      toast.success((intl) =>
        intl.formatMessage({ id: 'verify.dialog.copied', defaultMessage: 'Verify report copied' }),
      )
    } catch (error) {
      toast.error((intl) =>
        intl.formatMessage(
          { id: 'verify.dialog.copyFailed', defaultMessage: 'Could not copy the report: {error}' },
          { error: errorMessage(error) },
        ),
      )
    }
  }
  return (
    <Modal
      open
      wide
      onOpenChange={(open) => !open && close()}
      title={intl.formatMessage({ id: 'verify.dialog.title', defaultMessage: 'Verify' })}
      description={
        run.full
          ? intl.formatMessage(
              {
                id: 'verify.dialog.descriptionFull',
                defaultMessage: 'Each file of {label} compared with its copy on the host: every byte.',
              },
              { label: run.label(intl) },
            )
          : intl.formatMessage(
              {
                id: 'verify.dialog.descriptionSampled',
                defaultMessage:
                  'Each file of {label} compared with its copy on the host: sizes, then sampled ranges.',
              },
              { label: run.label(intl) },
            )
      }
      footer={
        <>
          {running ? (
            <button type="button" className="btn" onClick={() => cancel(run.verifyId)}>
              <FormattedMessage id="verify.dialog.cancel" defaultMessage="Cancel verify" />
            </button>
          ) : (
            <>
              <button type="button" className="btn" onClick={() => start(run.batchId, run.label, false)}>
                <FormattedMessage id="verify.dialog.again" defaultMessage="Verify again" />
              </button>
              <button type="button" className="btn" onClick={() => start(run.batchId, run.label, true)}>
                <FormattedMessage id="verify.dialog.full" defaultMessage="Full check" />
              </button>
              <button type="button" className="btn" disabled={!report} onClick={() => void copy()}>
                <FormattedMessage id="verify.dialog.copy" defaultMessage="Copy report" />
              </button>
            </>
          )}
          <button type="button" className="btn btn-primary" onClick={close}>
            {intl.formatMessage(common.close)}
          </button>
        </>
      }
    >
      {run.error !== null ? (
        <p className="form-error" role="alert">
          <FormattedMessage
            id="verify.dialog.failed"
            defaultMessage="Could not verify: {error}"
            values={{ error: run.error(intl) }}
          />
        </p>
      ) : report === null ? (
        <Progress run={run} />
      ) : (
        <>
          <p className="verify-counts" data-testid="verify-counts">
            <FormattedMessage
              id="verify.dialog.summary"
              defaultMessage="{counts}{cancelled, select, yes { · cancelled after {done, number} of {total, plural, one {# file} other {# files}}} other {}} · {full, select, yes {full check} other {sampled}}, {read} read"
              values={{
                counts: countsLine(report.counts, intl),
                cancelled: report.cancelled ? 'yes' : 'no',
                done: report.files.length,
                total: report.total,
                full: report.full ? 'yes' : 'no',
                read: <span className="size">{formatSize(report.bytesRead)}</span>,
              }}
            />
          </p>
          <ul
            className="verify-results"
            aria-label={intl.formatMessage({ id: 'verify.dialog.results', defaultMessage: 'Verify results' })}
          >
            {report.files.map((f) => (
              <VerifyResult key={f.entryId} file={f} />
            ))}
          </ul>
        </>
      )}
    </Modal>
  )
}

/** One file's line: its path (and account), named by the path, which is data, and its verdict. */
function VerifyResult({ file: f }: { file: BatchVerifyFile }) {
  const intl = useIntl()
  const pathId = useId()
  return (
    <li aria-labelledby={pathId} className={isBatchProblem(f.status) ? 'verify-problem' : undefined}>
      <span className="truncate" title={f.localPath ?? undefined} translate="no">
        <span id={pathId}>{f.relPath}</span>
        {f.accountLabel ? <span className="queue-chip">{f.accountLabel}</span> : null}
      </span>
      <span data-testid="verify-verdict">{fileVerdict(f, intl)}</span>
    </li>
  )
}

function Progress({ run }: { run: VerifyRun }) {
  const intl = useIntl()
  const p = run.progress
  const fraction = p && p.total > 0 ? p.done / p.total : null
  return (
    <div className="verify-progress">
      <p aria-live="polite">
        {p ? (
          <FormattedMessage
            id="verify.dialog.progress"
            defaultMessage="Compared {done, number} of {total, plural, one {# file} other {# files}} · {read} read"
            values={{
              done: p.done,
              total: p.total,
              read: <span className="size">{formatSize(p.bytesRead)}</span>,
            }}
          />
        ) : (
          <FormattedMessage id="verify.dialog.starting" defaultMessage="Starting…" />
        )}
      </p>
      <ProgressBar
        label={intl.formatMessage({ id: 'verify.dialog.progressLabel', defaultMessage: 'Verify progress' })}
        fraction={fraction}
      />
    </div>
  )
}
