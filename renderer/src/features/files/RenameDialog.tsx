import { useEffect, useRef, useState } from 'react'
import { Modal } from '../../components/Modal.tsx'

interface RenameDialogProps {
  name: string
  onRename: (name: string) => void
  onClose: () => void
}

/** Rename one file; the stem (before the extension) is preselected, as in desktop file managers. */
export function RenameDialog({ name, onRename, onClose }: RenameDialogProps) {
  const [value, setValue] = useState(name)
  const input = useRef<HTMLInputElement>(null)
  const trimmed = value.trim()

  useEffect(() => {
    const el = input.current
    if (!el) return
    const dot = name.lastIndexOf('.')
    el.focus()
    el.setSelectionRange(0, dot > 0 ? dot : name.length)
  }, [name])

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (trimmed && trimmed !== name) onRename(trimmed)
    onClose()
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title="Rename file">
      <form onSubmit={submit} className="field">
        <label htmlFor="rename-input">New name</label>
        <input
          id="rename-input"
          ref={input}
          data-autofocus
          className="input"
          value={value}
          maxLength={255}
          onChange={(e) => setValue(e.target.value)}
        />
        <div className="form-actions" style={{ marginTop: 12 }}>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={!trimmed}>
            Rename
          </button>
        </div>
      </form>
    </Modal>
  )
}
