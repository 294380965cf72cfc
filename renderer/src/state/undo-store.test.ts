import { createIntl } from 'react-intl'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import es from '../../../shared/i18n/messages/es.json'
import { englishIntl } from '../i18n/testing/english.ts'
import { runUndo, undoable } from './run-undo.ts'
import { toast, useToasts } from './toast-store.ts'
import { useUndo } from './undo-store.ts'

const messages = () => useToasts.getState().toasts.map((t) => `${t.tone}:${t.message(englishIntl)}`)
const say = (text: string) => () => text
/** An undo's outcome with its label as it reads in English. */
const said = <T extends { label: (intl: typeof englishIntl) => string } | null>(outcome: T) =>
  outcome === null ? null : { ...outcome, label: outcome.label(englishIntl) }

beforeEach(() => {
  useUndo.setState({ entries: [], running: false })
  useToasts.setState({ toasts: [], docks: 0 })
})

/** An undo that resolves when the test says, to hold it "on its way to the host". */
function deferred() {
  let release: () => void = () => undefined
  const done = new Promise<void>((resolve) => {
    release = resolve
  })
  return { done, release }
}

describe('undo stack', () => {
  it('undoes newest first, each entry once', async () => {
    const log: string[] = []
    const store = useUndo.getState()
    store.push({ label: say('rename of “a” to “b”'), undo: async () => void log.push('a') })
    store.push({ label: say('move of 2 files to Photos'), undo: async () => void log.push('move') })
    expect(said(await useUndo.getState().undo())).toEqual({ done: true, label: 'move of 2 files to Photos' })
    expect(said(await useUndo.getState().undo())).toEqual({ done: true, label: 'rename of “a” to “b”' })
    expect(await useUndo.getState().undo()).toBeNull()
    expect(log).toEqual(['move', 'a'])
  })

  it('undoes a given entry by id, and that id never again (the toast button after Ctrl+Z)', async () => {
    const undo = vi.fn(async () => undefined)
    const older = useUndo.getState().push({ label: say('older'), undo: vi.fn(async () => undefined) })
    const id = useUndo.getState().push({ label: say('newer'), undo })
    expect(useUndo.getState().has(id)).toBe(true)
    await useUndo.getState().undo()
    expect(useUndo.getState().has(id)).toBe(false)
    expect(await useUndo.getState().undo(id)).toBeNull()
    expect(undo).toHaveBeenCalledTimes(1)
    expect(useUndo.getState().has(older)).toBe(true)
  })

  it('a failed undo reports its error and is not retried by the next Ctrl+Z', async () => {
    const first = vi.fn(async () => undefined)
    useUndo.getState().push({ label: say('first'), undo: first })
    useUndo.getState().push({
      label: say('rename of “a” to “b”'),
      undo: async () => {
        throw new Error('“b” was renamed on the host meanwhile')
      },
    })
    const outcome = await useUndo.getState().undo()
    expect(said(outcome)).toMatchObject({ done: false, label: 'rename of “a” to “b”' })
    await useUndo.getState().undo()
    expect(first).toHaveBeenCalledTimes(1)
    expect(useUndo.getState().entries).toEqual([])
  })

  it('a second undo while one is running does nothing (no race of two undos)', async () => {
    const gate = deferred()
    const second = vi.fn(async () => undefined)
    useUndo.getState().push({ label: say('second'), undo: second })
    useUndo.getState().push({ label: say('slow'), undo: () => gate.done })
    const running = useUndo.getState().undo()
    expect(useUndo.getState().running).toBe(true)
    expect(await useUndo.getState().undo()).toBeNull()
    gate.release()
    expect(said(await running)).toEqual({ done: true, label: 'slow' })
    expect(second).not.toHaveBeenCalled()
    expect(useUndo.getState().running).toBe(false)
  })

  it('keeps the newest 50 entries', () => {
    for (let n = 0; n < 60; n++) useUndo.getState().push({ label: say(`n${n}`), undo: async () => undefined })
    const labels = useUndo.getState().entries.map((e) => e.label(englishIntl))
    expect(labels).toHaveLength(50)
    expect(labels[0]).toBe('n10')
    expect(labels.at(-1)).toBe('n59')
  })
})

describe('runUndo (Ctrl+Z and the toast button)', () => {
  it('says what it undid, what it could not, and when there is nothing (left) to undo', async () => {
    await runUndo()
    const id = useUndo.getState().push({ label: say('rename of “a” to “b”'), undo: async () => undefined })
    useUndo.getState().push({
      label: say('move of 1 file to Photos'),
      undo: async () => {
        throw new Error('report.pdf is no longer on the host')
      },
    })
    await runUndo()
    await runUndo(id)
    await runUndo(id)
    expect(messages()).toEqual([
      'refusal:Nothing to undo',
      'error:Could not undo the move of 1 file to Photos: report.pdf is no longer on the host',
      'success:Undid the rename of “a” to “b”',
      'refusal:Already undone',
    ])
  })

  it('words the label as the toast is drawn: a language chosen after the action is the one it reads in', async () => {
    const rename = { id: 'files.undo.rename', defaultMessage: 'rename of “{from}” to “{to}”' }
    toast.success(
      say('Renamed to “b.txt”'),
      undoable({
        label: (intl) => intl.formatMessage(rename, { from: 'a.txt', to: 'b.txt' }),
        undo: async () => undefined,
      }),
    )
    await runUndo()
    const spanish = createIntl({ locale: 'es', messages: es })
    expect(useToasts.getState().toasts.map((t) => t.message(spanish))).toEqual([
      'Se deshizo: cambio de nombre de “a.txt” a “b.txt”',
    ])
    expect(messages()).toEqual(['success:Undid the rename of “a.txt” to “b.txt”'])
  })

  it('says an undo is still running instead of starting another', async () => {
    const gate = deferred()
    useUndo.getState().push({ label: say('slow'), undo: () => gate.done })
    const first = runUndo()
    await runUndo()
    gate.release()
    await first
    expect(messages()).toEqual(['refusal:Still undoing the previous change', 'success:Undid the slow'])
  })

  it('takes away the toast that offered the undo once it runs, by Ctrl+Z or by its button', async () => {
    toast.success(
      say('Renamed to “b.txt”'),
      undoable({ label: say('rename of “a.txt” to “b.txt”'), undo: async () => undefined }),
    )
    toast.success(
      say('Moved 2 files to Photos'),
      undoable({ label: say('move of 2 files to Photos'), undo: async () => undefined }),
    )
    toast.success(say('Copied 1 link'))
    await runUndo()
    expect(messages()).toEqual([
      'success:Renamed to “b.txt”',
      'success:Copied 1 link',
      'success:Undid the move of 2 files to Photos',
    ])
    useToasts.getState().toasts[0]?.action?.run()
    await vi.waitFor(() => expect(messages()).toContain('success:Undid the rename of “a.txt” to “b.txt”'))
    expect(messages()).toEqual([
      'success:Copied 1 link',
      'success:Undid the move of 2 files to Photos',
      'success:Undid the rename of “a.txt” to “b.txt”',
    ])
  })
})
