import { describe, expect, it } from 'vitest'
import { lazy } from './lazy.ts'

describe('lazy', () => {
  it('makes nothing until first asked, then once, and gives the same value every time', () => {
    let makes = 0
    const value = lazy(() => {
      makes++
      return { n: makes }
    })
    expect(makes).toBe(0)
    const first = value()
    expect(first).toEqual({ n: 1 })
    expect(value()).toBe(first)
    expect(makes).toBe(1)
  })

  it('keeps one value per key, each made at its own first use', () => {
    const made: string[] = []
    const upper = lazy((key: string) => {
      made.push(key)
      return { key: key.toUpperCase() }
    })
    const es = upper('es')
    expect(upper('tr')).toEqual({ key: 'TR' })
    expect(upper('es')).toBe(es)
    expect(made).toEqual(['es', 'tr'])
  })

  it('keeps a value that is undefined (made once), and not what threw (tried again)', () => {
    let makes = 0
    const nothing = lazy(() => {
      makes++
      return undefined
    })
    nothing()
    nothing()
    expect(makes).toBe(1)
    let tries = 0
    const flaky = lazy(() => {
      tries++
      if (tries === 1) throw new Error('not yet')
      return tries
    })
    expect(() => flaky()).toThrow('not yet')
    expect(flaky()).toBe(2)
    expect(flaky()).toBe(2)
  })
})
