import { describe, expect, it } from 'vitest'
import { socketUrl, takeTokenFromLocation } from './socket-url.ts'

function page(href: string) {
  const replaced: string[] = []
  const location = { href, protocol: new URL(href).protocol, host: new URL(href).host }
  const history = {
    state: { s: 1 },
    replaceState: (_s: unknown, _u: string, url: string) => replaced.push(url),
  }
  return { location, history, replaced }
}

describe('takeTokenFromLocation', () => {
  it('takes the token and removes it from the address bar, keeping the rest', () => {
    const p = page('http://127.0.0.1:4000/?token=abc_DEF-123&view=files#/folder/3')
    expect(takeTokenFromLocation(p.location, p.history)).toBe('abc_DEF-123')
    expect(p.replaced).toEqual(['/?view=files#/folder/3'])
  })

  it('leaves the address alone when there is no token (the cookie authenticates)', () => {
    const p = page('http://127.0.0.1:4000/')
    expect(takeTokenFromLocation(p.location, p.history)).toBeNull()
    expect(p.replaced).toEqual([])
  })
})

describe('socketUrl', () => {
  it('points at /ipc on the same host, with the token when there is one', () => {
    expect(socketUrl({ protocol: 'http:', host: '127.0.0.1:4000' }, 'a+b/c')).toBe(
      'ws://127.0.0.1:4000/ipc?token=a%2Bb%2Fc',
    )
    expect(socketUrl({ protocol: 'http:', host: 'localhost:4000' }, null)).toBe('ws://localhost:4000/ipc')
    expect(socketUrl({ protocol: 'https:', host: 'example.test' }, null)).toBe('wss://example.test/ipc')
  })
})
