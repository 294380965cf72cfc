import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANNOUNCE_INTERVAL_MS, ThrottledAnnouncer } from './throttled-announcer.ts'

describe('ThrottledAnnouncer', () => {
  let said: { at: number; text: string }[]
  let announcer: ThrottledAnnouncer
  beforeEach(() => {
    vi.useFakeTimers()
    said = []
    announcer = new ThrottledAnnouncer((text) => said.push({ at: Date.now(), text }))
  })
  afterEach(() => {
    announcer.stop()
    vi.useRealTimers()
  })

  it('says progress at most once per interval however often it changes, the newest figure last', () => {
    const start = Date.now()
    // 20 s of progress events, ten a second.
    for (let i = 1; i <= 200; i++) {
      announcer.progress(`Uploading: ${i} of 200`)
      vi.advanceTimersByTime(100)
    }
    vi.advanceTimersByTime(ANNOUNCE_INTERVAL_MS)
    expect(said.length).toBeLessThanOrEqual(20_000 / ANNOUNCE_INTERVAL_MS + 1)
    expect(said.length).toBeGreaterThan(1)
    for (let i = 1; i < said.length; i++)
      expect((said[i]?.at ?? 0) - (said[i - 1]?.at ?? 0)).toBeGreaterThanOrEqual(ANNOUNCE_INTERVAL_MS)
    expect(said[0]).toEqual({ at: start, text: 'Uploading: 1 of 200' })
    expect(said.at(-1)?.text).toBe('Uploading: 200 of 200')
  })

  it('does not say the same figure twice', () => {
    announcer.progress('Uploading: 1 of 2')
    vi.advanceTimersByTime(ANNOUNCE_INTERVAL_MS * 3)
    announcer.progress('Uploading: 1 of 2')
    vi.advanceTimersByTime(ANNOUNCE_INTERVAL_MS * 3)
    expect(said.map((s) => s.text)).toEqual(['Uploading: 1 of 2'])
  })

  it('says a finished batch at once and drops the progress that was waiting', () => {
    announcer.progress('Uploading: 1 of 2')
    announcer.progress('Uploading: 2 of 2')
    announcer.finished('Upload finished. 2 files uploaded.')
    vi.advanceTimersByTime(ANNOUNCE_INTERVAL_MS * 3)
    expect(said.map((s) => s.text)).toEqual(['Uploading: 1 of 2', 'Upload finished. 2 files uploaded.'])
  })

  it('lets the finished sentence be heard before the next batch’s progress', () => {
    announcer.finished('Upload finished. 1 file uploaded.')
    const end = Date.now()
    announcer.progress('Uploading: 0 of 5')
    vi.advanceTimersByTime(ANNOUNCE_INTERVAL_MS)
    expect(said.map((s) => s.text)).toEqual(['Upload finished. 1 file uploaded.', 'Uploading: 0 of 5'])
    expect((said[1]?.at ?? 0) - end).toBe(ANNOUNCE_INTERVAL_MS)
  })
})
