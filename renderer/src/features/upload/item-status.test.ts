import { describe, expect, it } from 'vitest'
import type { QueueItemView } from '../../../../shared/queue.ts'
import { itemStatus } from './item-status.ts'

const url: QueueItemView = {
  id: 'i1',
  batchId: 'b1',
  kind: 'url',
  accountId: 'a1',
  name: 'big.iso',
  relPath: 'big.iso',
  source: 'https://example.org/big.iso',
  fldId: 0,
  targetFldId: null,
  size: null,
  state: 'pending',
  phase: 'fetching',
  attempts: 0,
  direction: 'up',
  bytesDone: 0,
  nextAttemptAt: null,
  fileCode: null,
  pageLink: null,
  error: null,
  addedAt: 0,
  finishedAt: null,
  fetchStartedAt: 1_000_000,
}

describe('a URL the host is fetching', () => {
  it('says how long the host still gets, from the fetch time limit', () => {
    expect(itemStatus(url, undefined, 1_000_000 + 90_000, 10 * 60_000)).toBe(
      'The host is fetching it · gives up in 8 min 30 s',
    )
    expect(itemStatus({ ...url, state: 'running' }, undefined, 1_000_000, 25 * 60_000)).toBe(
      'The host is fetching it · gives up in 25 min',
    )
  })

  it('never counts below zero, and says nothing of time without the setting or the start', () => {
    expect(itemStatus(url, undefined, 1_000_000 + 11 * 60_000, 10 * 60_000)).toBe(
      'The host is fetching it · gives up in 0 s',
    )
    expect(itemStatus(url, undefined, 1_000_000)).toBe('The host is fetching it')
    const { fetchStartedAt: _, ...unknown } = url
    expect(itemStatus(unknown, undefined, 1_000_000, 60_000)).toBe('The host is fetching it')
  })
})
