import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AppEvent } from '../../shared/ipc/events.ts'
import { createChangeCoalescer } from './change-coalescer.ts'

afterEach(() => {
  vi.useRealTimers()
})

describe('createChangeCoalescer', () => {
  it('sends one files.changed per folder and one folders.changed per account per interval', () => {
    vi.useFakeTimers()
    const sent: AppEvent[] = []
    const changes = createChangeCoalescer((e) => sent.push(e), 300)
    for (let i = 0; i < 500; i++) changes.fileLanded('a', i % 2 === 0 ? 0 : 7)
    changes.foldersCreated('a')
    changes.foldersCreated('a')
    changes.fileLanded('b', 3)
    expect(sent).toEqual([])
    vi.advanceTimersByTime(300)
    expect(sent).toEqual([
      { type: 'files.changed', accountId: 'a', fldId: 0 },
      { type: 'files.changed', accountId: 'a', fldId: 7 },
      { type: 'files.changed', accountId: 'b', fldId: 3 },
      { type: 'folders.changed', accountId: 'a', parentId: null },
    ])
    vi.advanceTimersByTime(1000)
    expect(sent).toHaveLength(4)
  })

  it('says "every list of the account" when many folders or an unknown one changed', () => {
    const sent: AppEvent[] = []
    const changes = createChangeCoalescer((e) => sent.push(e))
    for (let fld = 1; fld <= 25; fld++) changes.fileLanded('a', fld)
    changes.fileLanded('b', 1)
    changes.fileLanded('b', null)
    changes.flush()
    expect(sent).toEqual([
      { type: 'files.changed', accountId: 'a', fldId: null },
      { type: 'files.changed', accountId: 'b', fldId: null },
    ])
    changes.close()
    expect(sent).toHaveLength(2)
  })
})
