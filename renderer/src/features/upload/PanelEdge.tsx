import { useRef } from 'react'
import { useIntl } from 'react-intl'

const KEY_STEP = 24

interface PanelEdgeProps {
  /** The panel's height now (what a drag starts from). */
  height: number
  resize: (height: number) => void
  /** The drag ended: keep the size. */
  commit: () => void
  /** A key moved it: keep the size once the keys stop. */
  commitSoon: () => void
}

/**
 * The top edge of the uploads panel, dragged to size it (a window splitter: up makes the panel taller, the list
 * shorter). Keyboard users focus it and move it with the arrows, Page Up/Down in big steps.
 */
export function PanelEdge({ height, resize, commit, commitSoon }: PanelEdgeProps) {
  const drag = useRef<{ y: number; height: number } | null>(null)
  const intl = useIntl()
  return (
    // biome-ignore lint/a11y/useSemanticElements: a splitter is a focusable separator; <hr> cannot be dragged or focused
    <div
      className="panel-edge"
      role="separator"
      aria-orientation="horizontal"
      aria-label={intl.formatMessage({
        id: 'upload.panel.resize',
        defaultMessage: 'Resize the uploads panel',
      })}
      aria-valuenow={height}
      tabIndex={0}
      onPointerDown={(e) => {
        if (e.button !== 0) return
        e.preventDefault()
        e.currentTarget.setPointerCapture(e.pointerId)
        drag.current = { y: e.clientY, height }
      }}
      onPointerMove={(e) => {
        if (drag.current) resize(drag.current.height + drag.current.y - e.clientY)
      }}
      onPointerUp={() => {
        if (!drag.current) return
        drag.current = null
        commit()
      }}
      onPointerCancel={() => {
        drag.current = null
        commit()
      }}
      onKeyDown={(e) => {
        const step = {
          ArrowUp: KEY_STEP,
          ArrowDown: -KEY_STEP,
          PageUp: 4 * KEY_STEP,
          PageDown: -4 * KEY_STEP,
        }[e.key]
        if (step === undefined) return
        e.preventDefault()
        resize(height + step)
        commitSoon()
      }}
    />
  )
}
