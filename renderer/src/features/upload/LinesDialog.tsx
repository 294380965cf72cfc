import { useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import { Modal } from '../../components/Modal.tsx'

interface LinesDialogProps {
  title: string
  description: string
  label: string
  placeholder: string
  submitLabel: string
  /** Why a line is not acceptable, or null. */
  check: (line: string) => string | null
  onSubmit: (lines: string[]) => Promise<boolean | undefined> | undefined
  onClose: () => void
}

/** A textarea of one entry per line (URLs, paths), checked line by line before anything is sent. */
export function LinesDialog(props: LinesDialogProps) {
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const intl = useIntl()
  const lines = [...new Set(text.split(/\r?\n/).map((l) => l.trim()))].filter((l) => l !== '')
  const bad = lines.flatMap((line, i) => {
    const why = props.check(line)
    return why === null
      ? []
      : [
          intl.formatMessage(
            { id: 'upload.lines.badLine', defaultMessage: 'Line {line, number}: {problem}' },
            { line: i + 1, problem: why },
          ),
        ]
  })

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (lines.length === 0 || bad.length > 0) return
    setBusy(true)
    const done = await props.onSubmit(lines)
    setBusy(false)
    if (done !== false) props.onClose()
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && props.onClose()}
      title={props.title}
      description={props.description}
      wide
    >
      <form onSubmit={(e) => void submit(e)} className="field">
        <label htmlFor="lines-input">{props.label}</label>
        <textarea
          id="lines-input"
          data-autofocus
          className="input textarea"
          rows={8}
          spellCheck={false}
          placeholder={props.placeholder}
          value={text}
          aria-invalid={bad.length > 0}
          onChange={(e) => setText(e.target.value)}
        />
        {bad.length > 0 ? (
          <ul className="form-error" role="alert" style={{ flexDirection: 'column', margin: 0 }}>
            {bad.slice(0, 5).map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        ) : (
          <span className="field-hint">
            <FormattedMessage
              id="upload.lines.count"
              defaultMessage="{count, plural, one {# entry} other {# entries}}"
              values={{ count: lines.length }}
            />
          </span>
        )}
        <div className="form-actions" style={{ marginTop: 12 }}>
          <button type="button" className="btn" onClick={props.onClose}>
            <FormattedMessage id="upload.lines.cancel" defaultMessage="Cancel" />
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={busy || lines.length === 0 || bad.length > 0}
          >
            {props.submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  )
}
