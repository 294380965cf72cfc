import { useId, useLayoutEffect, useRef, useState } from 'react'
import type { NameCheck } from './folder-name.ts'

interface NameFieldProps {
  /** The field's accessible name ("Rename folder Photos", "New folder name"). */
  label: string
  initial: string
  /** The host is working on the name: the field waits, and leaving it changes nothing. */
  busy: boolean
  /** The host's refusal of the last name sent, shown under the field until the name is changed. */
  failure: string | null
  check: (typed: string) => NameCheck
  onCommit: (name: string) => void
  onCancel: () => void
}

/**
 * A name edited in place, as in a desktop file manager: Enter commits, Esc puts things back as they were, and
 * leaving the field commits a good name or, when there is nothing good to commit, cancels. A name the rules refuse
 * stays in the field with the reason under it, so nothing typed is lost to a mistake.
 */
export function NameField({ label, initial, busy, failure, check, onCommit, onCancel }: NameFieldProps) {
  const [value, setValue] = useState(initial)
  const [problem, setProblem] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  // Once committed or cancelled, the blur that follows (the field unmounting, focus moving) means nothing.
  const done = useRef(false)
  const messageId = useId()

  useLayoutEffect(() => {
    // Focus at once, so keys typed right after F2 land in the field. A menu that is closing gives focus back
    // where it was in the same task; the field takes it again after that, keeping anything already typed.
    input.current?.focus()
    input.current?.select()
    const timer = setTimeout(() => {
      const el = input.current
      if (!el || document.activeElement === el) return
      el.focus()
      if (el.value === initial) el.select()
    }, 0)
    return () => clearTimeout(timer)
  }, [initial])

  const shown = problem ?? failure
  const commit = (leaving: boolean) => {
    if (busy || done.current) return
    // Leaving after the host refused the name: the person has moved on; sending it again unasked would surprise.
    if (leaving && failure !== null) return finish(onCancel)
    const result = check(value)
    if (result.ok && result.name === initial) return finish(onCancel)
    if (result.ok) return finish(() => onCommit(result.name))
    // Leaving with a name that cannot be used: put things back rather than hold the person in the field.
    if (leaving) return finish(onCancel)
    setProblem(result.message)
  }
  const finish = (then: () => void) => {
    done.current = true
    then()
  }
  // A name the host refused keeps the field open (a new folder waits for its id): it can be changed and sent again.
  if (failure !== null && !busy) done.current = false

  return (
    <span className="name-field">
      <input
        ref={input}
        className="input name-field-input"
        aria-label={label}
        aria-invalid={shown !== null}
        aria-describedby={shown === null ? undefined : messageId}
        aria-busy={busy}
        readOnly={busy}
        value={value}
        maxLength={1000}
        onChange={(e) => {
          setValue(e.target.value)
          setProblem(null)
        }}
        onKeyDown={(e) => {
          // The tree's and the file pane's keys (arrows, Space, Enter, F2) are the field's own while it is open.
          e.stopPropagation()
          if (e.key === 'Enter') {
            e.preventDefault()
            commit(false)
          } else if (e.key === 'Escape') {
            e.preventDefault()
            if (!busy) finish(onCancel)
          }
        }}
        onBlur={() => commit(true)}
        onClick={(e) => e.stopPropagation()}
        onDoubleClick={(e) => e.stopPropagation()}
        onMouseDown={(e) => e.stopPropagation()}
      />
      {shown === null ? null : (
        <span id={messageId} className="name-field-problem" role="alert">
          {shown}
        </span>
      )}
    </span>
  )
}
