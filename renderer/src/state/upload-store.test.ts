import { beforeEach, describe, expect, it } from 'vitest'
import type { LinksReadyEvent } from '../../../shared/ipc/queue-events.ts'
import { useUploads } from './upload-store.ts'

const initial = useUploads.getState()

function ready(batchId: string, text = `https://files.example/${batchId}`): LinksReadyEvent {
  return { type: 'links.ready', batchId, format: 'page', text, files: 1, failed: 0, copied: false }
}

beforeEach(() => {
  useUploads.setState(initial, true)
})

describe('the upload UI store', () => {
  it('keeps every batch finished since the user looked, newest first, each once; looking clears them', () => {
    const s = () => useUploads.getState()
    for (const id of ['b1', 'b2', 'b3']) s().batchFinished(ready(id))
    expect(s().finished.map((f) => f.batchId)).toEqual(['b3', 'b2', 'b1'])
    // The same batch announced again (a second window, a retry's round) moves to the front, not twice.
    s().batchFinished(ready('b1', 'newer text'))
    expect(s().finished.map((f) => f.batchId)).toEqual(['b1', 'b3', 'b2'])
    expect(s().finished[0]?.text).toBe('newer text')
    s().dismissFinished()
    expect(s().finished).toEqual([])
    // Beyond a hundred the oldest fall off (they stay in the upload history).
    for (let n = 0; n < 105; n++) s().batchFinished(ready(`n${n}`))
    expect(s().finished).toHaveLength(100)
    expect(s().finished.at(-1)?.batchId).toBe('n5')
  })

  it('shows and closes the problems of the last drop, the dialogs and the staging progress', () => {
    const s = () => useUploads.getState()
    s().showProblems([{ path: '/tmp/empty.txt', kind: 'empty', message: 'The file is empty.' }])
    expect(s().problems).toHaveLength(1)
    s().closeProblems()
    expect(s().problems).toBeNull()
    s().openDialog('urls')
    expect(s().dialog).toBe('urls')
    s().openDialog(null)
    s().setTargets(['acc-1', 'acc-2'])
    s().setPanelOpen(true)
    s().setStaging({ files: 3, filesDone: 1, bytes: 3000, bytesSent: 1000 })
    expect(s()).toMatchObject({ dialog: null, targets: ['acc-1', 'acc-2'], panelOpen: true })
    expect(s().staging).toEqual({ files: 3, filesDone: 1, bytes: 3000, bytesSent: 1000 })
    s().setStaging(null)
    expect(s().staging).toBeNull()
  })
})
