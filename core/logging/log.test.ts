import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { loggedEmitter } from '../events/logged-emitter.ts'
import { createLogger, logLine, setLogSink } from './log.ts'

const lines: string[] = []
const restore = setLogSink((line) => lines.push(line))

afterEach(() => {
  lines.length = 0
})
afterAll(restore)

describe('the logger', () => {
  it('masks credentials in every line, whoever wrote the message', () => {
    logLine('GET http://h/api/file/list?key=s3cr3tkey&page=1 failed')
    createLogger('sandbox').info('session {"sess_id":"abc123","token":"t0k3n"} expired')
    expect(lines).toEqual([
      'GET http://h/api/file/list?key=***&page=1 failed',
      'sandbox: session {"sess_id":"***","token":"***"} expired',
    ])
  })

  it('adds the cause (message and stack) of an error, redacted too', () => {
    createLogger('filedock').error(
      'upload queue bookkeeping failed',
      new Error('write to ?key=abcd1234 refused'),
    )
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^filedock: upload queue bookkeeping failed: Error: write to \?key=\*\*\* refused\n\s+at /,
    )
    createLogger('x').error('odd', { code: 'E1' })
    createLogger('x').error('odder', 'plain text')
    expect(lines.slice(1)).toEqual(['x: odd: {"code":"E1"}', 'x: odder: plain text'])
  })

  it('restores the previous sink, so a CLI run hands stderr back when it ends', () => {
    const inner: string[] = []
    const back = setLogSink((line) => inner.push(line))
    logLine('during the run')
    back()
    logLine('after the run')
    expect(inner).toEqual(['during the run'])
    expect(lines).toEqual(['after the run'])
  })
})

describe('the emitter', () => {
  it('delivers in subscription order, reports a throwing listener and still reaches the others', () => {
    const emitter = loggedEmitter<number>('a test listener')
    const seen: string[] = []
    emitter.on((n) => seen.push(`a${n}`))
    emitter.on(() => {
      throw new Error('window closed')
    })
    const off = emitter.on((n) => seen.push(`c${n}`))
    emitter.emit(1)
    off()
    off()
    emitter.emit(2)
    expect(seen).toEqual(['a1', 'c1', 'a2'])
    expect(lines.map((l) => l.split('\n')[0])).toEqual([
      'filedock: a test listener failed: Error: window closed',
      'filedock: a test listener failed: Error: window closed',
    ])
    expect(emitter.size).toBe(2)
  })
})
