import { describe, expect, it } from 'vitest'
import { Emitter } from './emitter.ts'

describe('Emitter', () => {
  it('lets a listener unsubscribe another during delivery without skipping anyone this round', () => {
    const emitter = new Emitter<string>(() => undefined)
    const seen: string[] = []
    let offB = () => {}
    emitter.on(() => {
      seen.push('a')
      offB()
    })
    offB = emitter.on(() => seen.push('b'))
    emitter.emit('x')
    emitter.emit('y')
    expect(seen).toEqual(['a', 'b', 'a'])
  })

  it('hands a throwing listener to the error handler and still reaches the others', () => {
    const errors: unknown[] = []
    const seen: number[] = []
    const emitter = new Emitter<number>((e) => errors.push(e))
    emitter.on(() => {
      throw new Error('boom')
    })
    emitter.on((n) => seen.push(n))
    emitter.emit(1)
    expect(errors).toEqual([new Error('boom')])
    expect(seen).toEqual([1])
  })
})
