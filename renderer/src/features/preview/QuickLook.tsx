import './quick-look.css'
import { useEffect, useRef } from 'react'
import { useIntl } from 'react-intl'
import type { IndexFileRow } from '../../../../shared/file-index.ts'
import { Icon } from '../../components/Icon.tsx'
import { formatSize } from '../../lib/format.ts'
import { ImagePreview } from './ImagePreview.tsx'
import { MediaPreview } from './MediaPreview.tsx'
import { NoPreview } from './NoPreview.tsx'
import { PdfPreview } from './PdfPreview.tsx'
import { previewPlan } from './preview-kind.ts'
import { TextPreview } from './TextPreview.tsx'

interface QuickLookProps {
  file: IndexFileRow
  /** Arrows: the previous (-1) or next (+1) file of the pane. */
  onMove: (step: -1 | 1) => void
  onClose: () => void
}

/**
 * Keys a focused player, button or text keeps for itself (Space plays or scrolls, arrows seek or scroll); Escape
 * always closes.
 */
const ownKeys = (target: EventTarget) =>
  target instanceof HTMLElement && target.closest('video, audio, button, a, input, .ql-text') !== null

/**
 * Quick Look, as Finder has it: the file under the cursor shown over the file pane. Space or Escape closes it
 * (the file pane then has focus back, on the same row), the arrows go to the previous or next file. Each file's
 * preview is its own element (keyed by file), so moving on drops the last one's picture, player or PDF.
 */
export function QuickLook({ file, onMove, onClose }: QuickLookProps) {
  const intl = useIntl()
  const frame = useRef<HTMLDivElement>(null)
  useEffect(() => frame.current?.focus({ preventScroll: true }), [])

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      return onClose()
    }
    if (ownKeys(e.target) || e.altKey || e.ctrlKey || e.metaKey) return
    // Left and right go back and on as the window reads: in a right-to-left window the next file is to the left.
    const on = getComputedStyle(e.currentTarget).direction === 'rtl' ? -1 : 1
    const step = { ArrowLeft: -on, ArrowUp: -1, ArrowRight: on, ArrowDown: 1 }[e.key] as -1 | 1 | undefined
    if (e.key === ' ') onClose()
    else if (step !== undefined) onMove(step)
    else return
    e.preventDefault()
    e.stopPropagation()
  }

  const plan = previewPlan(file.name, file.size)
  const key = `${file.accountId}:${file.fileCode}`
  return (
    <div
      ref={frame}
      className="quick-look"
      role="dialog"
      aria-label={intl.formatMessage(
        { id: 'preview.dialog.label', defaultMessage: 'Quick Look: {name}' },
        { name: file.name },
      )}
      tabIndex={-1}
      onKeyDown={onKeyDown}
    >
      <header className="ql-header">
        <span className="ql-name" data-testid="ql-name" translate="no">
          {file.name}
        </span>
        <span className="ql-size">{formatSize(file.size)}</span>
        <button
          type="button"
          className="icon-btn"
          aria-label={intl.formatMessage({ id: 'preview.dialog.close', defaultMessage: 'Close Quick Look' })}
          title={intl.formatMessage({ id: 'preview.dialog.closeHint', defaultMessage: 'Close (Space)' })}
          onClick={onClose}
        >
          <Icon name="x" size={14} />
        </button>
      </header>
      <div className="ql-body">
        <Preview key={key} file={file} plan={plan} />
      </div>
    </div>
  )
}

function Preview({ file, plan }: { file: IndexFileRow; plan: ReturnType<typeof previewPlan> }) {
  const intl = useIntl()
  switch (plan.kind) {
    case 'image':
      return <ImagePreview file={file} tooLarge={plan.tooLarge} />
    case 'video':
    case 'audio':
      return <MediaPreview file={file} kind={plan.kind} />
    case 'text':
      return <TextPreview file={file} />
    case 'pdf':
      return plan.tooLarge ? (
        <NoPreview
          file={file}
          reason={intl.formatMessage({
            id: 'preview.pdf.tooLargeShort',
            defaultMessage: 'This PDF is too large to preview.',
          })}
        />
      ) : (
        <PdfPreview file={file} />
      )
    default:
      return (
        <NoPreview
          file={file}
          reason={intl.formatMessage({
            id: 'preview.unknownKind',
            defaultMessage: 'Quick Look does not show files of this kind.',
          })}
        />
      )
  }
}
