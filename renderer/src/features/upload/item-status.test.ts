import { describe, expect, it } from 'vitest'
import type { QueueItemView } from '../../../../shared/queue.ts'
import { englishIntl } from '../../i18n/testing/english.ts'
import { formatDuration } from '../../lib/format.ts'
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
    expect(itemStatus(englishIntl, url, undefined, 1_000_000 + 90_000, 10 * 60_000)).toBe(
      `The host is fetching it · gives up in ${formatDuration(510)}`,
    )
    expect(itemStatus(englishIntl, { ...url, state: 'running' }, undefined, 1_000_000, 25 * 60_000)).toBe(
      'The host is fetching it · gives up in 25 min',
    )
  })

  it('never counts below zero, and says nothing of time without the setting or the start', () => {
    expect(itemStatus(englishIntl, url, undefined, 1_000_000 + 11 * 60_000, 10 * 60_000)).toBe(
      `The host is fetching it · gives up in ${formatDuration(0)}`,
    )
    expect(itemStatus(englishIntl, url, undefined, 1_000_000)).toBe('The host is fetching it')
    const { fetchStartedAt: _, ...unknown } = url
    expect(itemStatus(englishIntl, unknown, undefined, 1_000_000, 60_000)).toBe('The host is fetching it')
  })
})

describe('a download', () => {
  const download: QueueItemView = {
    ...url,
    kind: 'download',
    direction: 'down',
    source: 'abc123def456',
    size: 4_000_000,
    state: 'running',
    phase: 'downloading',
    bytesDone: 1_000_000,
    localPath: '/home/me/Downloads/Filedock/big.iso',
  }

  it('shows how far, how fast and how long still, as an upload does', () => {
    expect(itemStatus(englishIntl, download, { bytesPerSec: 1_000_000, etaSec: 3 }, 0)).toBe(
      `Downloading 25% · 1 MB/s · ${formatDuration(3)} left`,
    )
  })

  it('says when the host ignored Range and the bytes came from 0 again, running and done', () => {
    const restarted = { ...download, restarted: 'range-ignored' as const }
    expect(itemStatus(englishIntl, restarted, undefined, 0)).toBe(
      'Downloading 25% · restarted: host ignored Range',
    )
    expect(itemStatus(englishIntl, { ...restarted, state: 'done' }, undefined, 0)).toBe(
      'Downloaded · restarted: host ignored Range',
    )
    expect(itemStatus(englishIntl, { ...download, state: 'done', alreadyThere: true }, undefined, 0)).toBe(
      'Already here',
    )
  })
})
