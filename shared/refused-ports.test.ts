import { describe, expect, it } from 'vitest'
import { REFUSED_PORTS, refusedPort } from './refused-ports.ts'

describe('ports fetch refuses', () => {
  it('are refused by this runtime’s fetch without trying', async () => {
    for (const port of REFUSED_PORTS) {
      const refusal = await fetch(`http://127.0.0.1:${port}/`).then(
        () => 'answered',
        (err: { cause?: { message?: string }; message?: string }) => err.cause?.message ?? err.message,
      )
      expect(refusal, `port ${port}`).toBe('bad port')
    }
    // Neighbours and the usual web ports are tried (nothing listens on 8 or 10: the connection is refused).
    for (const port of [8, 10]) {
      const refusal = await fetch(`http://127.0.0.1:${port}/`).then(
        () => 'answered',
        (err: { cause?: { code?: string } }) => err.cause?.code,
      )
      expect(refusal, `port ${port}`).toBe('ECONNREFUSED')
    }
  })

  it('reads the port of an http(s) URL, and only of one', () => {
    expect(refusedPort('http://127.0.0.1:9/a.bin')).toBe(9)
    expect(refusedPort(new URL('https://host.example:6000/'))).toBe(6000)
    expect(refusedPort('http://host.example/a.bin')).toBeNull()
    expect(refusedPort('http://host.example:8080/a.bin')).toBeNull()
    expect(refusedPort('https://host.example:443/')).toBeNull()
    expect(refusedPort('ftp://host.example:21/')).toBeNull()
    expect(refusedPort('not a url')).toBeNull()
  })
})
