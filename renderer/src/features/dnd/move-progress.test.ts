import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { englishIntl } from '../../i18n/testing/english.ts'
import { useToasts } from '../../state/toast-store.ts'
import { showMoveProgress, speakMovesIn } from './move-progress.ts'

const shown = () => useToasts.getState().toasts.map((t) => t.message(englishIntl))
const report = (moveId: string, moved: number, failed: number, total: number) =>
  showMoveProgress({ type: 'index.moveProgress', moveId, accountId: 'a', fldId: 7, moved, failed, total })

beforeEach(() => {
  vi.useFakeTimers()
  speakMovesIn(englishIntl)
  useToasts.setState({ toasts: [] })
})
afterEach(() => vi.useRealTimers())

it('keeps one toast per move, updated in place, and removes it when the last file settles', () => {
  report('m1', 0, 0, 1200)
  report('m1', 400, 0, 1200)
  report('m2', 1, 0, 3)
  report('m1', 900, 2, 1200)
  expect(shown()).toEqual(['Moving 1,200 files: 900 done, 2 not moved', 'Moving 3 files: 1 done'])
  report('m1', 1198, 2, 1200)
  expect(shown()).toEqual(['Moving 3 files: 1 done'])
  // A late report of a finished move (events keep their order, but a second window may join late) shows nothing.
  report('m1', 1198, 2, 1200)
  expect(shown()).toEqual(['Moving 3 files: 1 done'])
})

it('shows nothing for a one-file move, and lets a toast go whose move fell silent', () => {
  report('one', 0, 0, 1)
  expect(shown()).toEqual([])
  report('stuck', 5, 0, 50)
  vi.advanceTimersByTime(29_000)
  expect(shown()).toEqual(['Moving 50 files: 5 done'])
  vi.advanceTimersByTime(1_500)
  expect(shown()).toEqual([])
})
