import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { englishIntl } from '../i18n/testing/english.ts'
import { toast, useToasts } from './toast-store.ts'

const messages = () => useToasts.getState().toasts.map((t) => `${t.tone}:${t.message(englishIntl)}`)
/** Words that are the same in every language (the toasts' words are formatted when drawn). */
const say = (text: string) => () => text

beforeEach(() => {
  vi.useFakeTimers()
  useToasts.setState({ toasts: [], docks: 0 })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('toasts', () => {
  it('shows the four newest, and each leaves by itself (errors stay twice as long)', () => {
    toast.success(say('Copied 1 link'))
    toast.error(say('The host refused the key'))
    toast.info(say('Uploading 3 files'))
    expect(messages()).toEqual([
      'success:Copied 1 link',
      'error:The host refused the key',
      'info:Uploading 3 files',
    ])
    vi.advanceTimersByTime(3_600)
    expect(messages()).toEqual(['error:The host refused the key'])
    vi.advanceTimersByTime(3_500)
    expect(messages()).toEqual([])
    for (let n = 1; n <= 6; n++) toast.info(say(`notice ${n}`))
    expect(messages()).toEqual(['info:notice 3', 'info:notice 4', 'info:notice 5', 'info:notice 6'])
  })

  it('the same words said again renew the toast instead of stacking a twin; its life starts again', () => {
    toast.success(say('Copied link'))
    vi.advanceTimersByTime(3_000)
    toast.error(say('Could not copy'))
    toast.success(say('Copied link'))
    expect(messages()).toEqual(['error:Could not copy', 'success:Copied link'])
    vi.advanceTimersByTime(1_000)
    expect(messages()).toEqual(['error:Could not copy', 'success:Copied link'])
    vi.advanceTimersByTime(2_600)
    expect(messages()).toEqual(['error:Could not copy'])
  })

  it('a dialog over the toasts stops their time until the last dialog closes; then each has what it had left', () => {
    toast.success(say('Copied link'))
    vi.advanceTimersByTime(3_000)
    const uncover = useToasts.getState().cover()
    const uncoverToo = useToasts.getState().cover()
    toast.error(say('Could not copy'))
    vi.advanceTimersByTime(60_000)
    expect(messages()).toEqual(['success:Copied link', 'error:Could not copy'])
    uncover()
    uncover()
    vi.advanceTimersByTime(60_000)
    expect(messages()).toEqual(['success:Copied link', 'error:Could not copy'])
    uncoverToo()
    vi.advanceTimersByTime(499)
    expect(messages()).toEqual(['success:Copied link', 'error:Could not copy'])
    vi.advanceTimersByTime(2)
    expect(messages()).toEqual(['error:Could not copy'])
    vi.advanceTimersByTime(6_500)
    expect(messages()).toEqual([])
  })

  it('dismisses by id, and a dismissed toast timing out later changes nothing', () => {
    toast.success(say('one'))
    toast.success(say('two'))
    const first = useToasts.getState().toasts[0]?.id as number
    useToasts.getState().dismiss(first)
    useToasts.getState().dismiss(first)
    expect(messages()).toEqual(['success:two'])
    vi.advanceTimersByTime(10_000)
    expect(messages()).toEqual([])
  })

  it('counts docked toasters; each removal undoes only its own mount', () => {
    const unmountA = useToasts.getState().mountDock()
    const unmountB = useToasts.getState().mountDock()
    expect(useToasts.getState().docks).toBe(2)
    unmountA()
    unmountA()
    expect(useToasts.getState().docks).toBe(1)
    unmountB()
    expect(useToasts.getState().docks).toBe(0)
  })

  it('carries an action, and a toast with one stays long enough to reach its button', () => {
    const run = vi.fn()
    toast.success(say('Renamed to “b.txt”'), { label: say('Undo'), run })
    toast.success(say('Copied 1 link'))
    const [withAction] = useToasts.getState().toasts
    expect(withAction?.action?.label(englishIntl)).toBe('Undo')
    withAction?.action?.run()
    expect(run).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(4_000)
    expect(messages()).toEqual(['success:Renamed to “b.txt”'])
    vi.advanceTimersByTime(4_100)
    expect(messages()).toEqual([])
  })
})
