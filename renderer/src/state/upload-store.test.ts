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
  it('keeps the last five finished batches, oldest first, and a batch finished again only once', () => {
    const s = () => useUploads.getState()
    for (const id of ['b1', 'b2', 'b3', 'b4', 'b5', 'b6']) s().batchFinished(ready(id))
    expect(s().finished.map((f) => f.batchId)).toEqual(['b2', 'b3', 'b4', 'b5', 'b6'])
    // The same batch announced again (a second window, a replayed event) moves to the end, not twice.
    s().batchFinished(ready('b3', 'newer text'))
    expect(s().finished.map((f) => f.batchId)).toEqual(['b2', 'b4', 'b5', 'b6', 'b3'])
    expect(s().finished.at(-1)?.text).toBe('newer text')
    s().dismissFinished('b4')
    s().dismissFinished('b4')
    s().dismissFinished('never-seen')
    expect(s().finished.map((f) => f.batchId)).toEqual(['b2', 'b5', 'b6', 'b3'])
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
