import { describe, expect, it } from 'vitest'
import type { DownloadRequest } from '../../shared/downloads.ts'
import { RecentRequest, TTL_MS } from './recent-plans.ts'

const request: DownloadRequest = { accountId: 'a', to: '/d', onConflict: 'skip', what: { all: true } }
const files = async () => 'rows'

describe('the plan the dialog showed, kept for its Download button', () => {
  it('is taken once, by the very same request, while fresh', async () => {
    let now = 1_000
    const recent = new RecentRequest<string, string>(() => now)
    await recent.files(request, files)
    recent.keepPlan(request, 'plan')
    now += TTL_MS
    expect(recent.takePlan({ ...request })).toBe('plan')
    expect(recent.takePlan(request)).toBeNull()
  })

  it('another request, or one too late, plans afresh', async () => {
    let now = 0
    const recent = new RecentRequest<string, string>(() => now)
    await recent.files(request, files)
    recent.keepPlan(request, 'plan')
    expect(recent.takePlan({ ...request, onConflict: 'overwrite' })).toBeNull()
    recent.keepPlan(request, 'plan')
    expect(recent.takePlan({ ...request, to: '/e' })).toBeNull()
    recent.keepPlan(request, 'plan')
    now = TTL_MS + 1
    expect(recent.takePlan(request)).toBeNull()
  })

  it('goes with its files: other files read, or the dialog done with them, and it is gone', async () => {
    const recent = new RecentRequest<string, string>()
    await recent.files(request, files)
    recent.keepPlan(request, 'plan')
    await recent.files({ ...request, accountId: 'b' }, files)
    expect(recent.takePlan(request)).toBeNull()
    // A plan finishing after its dialog started another request's files is not kept either.
    recent.keepPlan(request, 'late plan')
    expect(recent.takePlan(request)).toBeNull()
    await recent.files(request, files)
    recent.keepPlan(request, 'plan')
    recent.forget()
    expect(recent.takePlan(request)).toBeNull()
  })
})

describe('the files of the request planned last, kept for its next plan into another folder', () => {
  it('are read once for the same files into any folder while fresh; other files or a late ask read again', async () => {
    let now = 0
    let reads = 0
    const recent = new RecentRequest<number, string>(() => now)
    const read = async () => ++reads
    expect(
      await Promise.all([recent.files(request, read), recent.files({ ...request, to: '/e' }, read)]),
    ).toEqual([1, 1])
    const other = { ...request, accountId: 'b' }
    expect(await recent.files(other, read)).toBe(2)
    now = TTL_MS + 1
    expect(await recent.files(other, read)).toBe(3)
  })

  it('a read that failed is not kept', async () => {
    const recent = new RecentRequest<string, string>()
    await expect(
      recent.files(request, async () => Promise.reject(new Error('index closed'))),
    ).rejects.toThrow()
    expect(await recent.files(request, files)).toBe('rows')
  })

  it('are read afresh once the dialog is done with them', async () => {
    let reads = 0
    const recent = new RecentRequest<number, string>()
    const read = async () => ++reads
    await recent.files(request, read)
    recent.forget()
    expect(await recent.files(request, read)).toBe(2)
  })
})
