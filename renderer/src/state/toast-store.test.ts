import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast, useToasts } from './toast-store.ts'

const messages = () => useToasts.getState().toasts.map((t) => `${t.tone}:${t.message}`)

beforeEach(() => {
  vi.useFakeTimers()
  useToasts.setState({ toasts: [], docks: 0 })
})

afterEach(() => {
  vi.useRealTimers()
})

describe('toasts', () => {
  it('shows the four newest, and each leaves by itself (errors stay twice as long)', () => {
    toast.success('Copied 1 link')
    toast.error('The host refused the key')
    toast.info('Uploading 3 files')
    expect(messages()).toEqual([
      'success:Copied 1 link',
      'error:The host refused the key',
      'info:Uploading 3 files',
    ])
    vi.advanceTimersByTime(3_600)
    expect(messages()).toEqual(['error:The host refused the key'])
    vi.advanceTimersByTime(3_500)
    expect(messages()).toEqual([])
    for (let n = 1; n <= 6; n++) toast.info(`notice ${n}`)
    expect(messages()).toEqual(['info:notice 3', 'info:notice 4', 'info:notice 5', 'info:notice 6'])
  })

  it('the same words said again renew the toast instead of stacking a twin; its life starts again', () => {
    toast.success('Copied link')
    vi.advanceTimersByTime(3_000)
    toast.error('Could not copy')
    toast.success('Copied link')
    expect(messages()).toEqual(['error:Could not copy', 'success:Copied link'])
    vi.advanceTimersByTime(1_000)
    expect(messages()).toEqual(['error:Could not copy', 'success:Copied link'])
    vi.advanceTimersByTime(2_600)
    expect(messages()).toEqual(['error:Could not copy'])
  })

  it('dismisses by id, and a dismissed toast timing out later changes nothing', () => {
    toast.success('one')
    toast.success('two')
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
    toast.success('Renamed to “b.txt”', { label: 'Undo', run })
    toast.success('Copied 1 link')
    const [withAction] = useToasts.getState().toasts
    expect(withAction?.action?.label).toBe('Undo')
    withAction?.action?.run()
    expect(run).toHaveBeenCalledTimes(1)
    vi.advanceTimersByTime(4_000)
    expect(messages()).toEqual(['success:Renamed to “b.txt”'])
    vi.advanceTimersByTime(4_100)
    expect(messages()).toEqual([])
  })
})
