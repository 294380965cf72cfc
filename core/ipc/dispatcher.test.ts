import { describe, expect, it } from 'vitest'
import { errorKinds, FiledockError } from '../../shared/errors.ts'
import { type ChannelName, channelNames } from '../../shared/ipc/channels.ts'
import type { Handlers } from '../../shared/ipc/types.ts'
import { redactSecrets } from '../logging/redact.ts'
import { createDispatcher } from './dispatcher.ts'
import { createEventBus } from './event-bus.ts'
import { type EchoCall, echoHandlers, sampleInputs } from './testing/contract-samples.ts'
import {
  fieldSchema,
  malformedMutations,
  nonObjects,
  pollutingObjects,
  randomValue,
} from './testing/malformed-inputs.ts'

const isRequired = (channel: ChannelName, field: string): boolean =>
  fieldSchema(channel, field)?.safeParse(undefined).success === false

describe('createDispatcher', () => {
  it('routes every channel to its handler with the parsed input', async () => {
    const calls: EchoCall[] = []
    const dispatcher = createDispatcher(echoHandlers(calls))
    for (const channel of channelNames) {
      const result = await dispatcher.dispatch(channel, sampleInputs[channel])
      expect(result, channel).toEqual({ ok: true, value: { channel, input: sampleInputs[channel] } })
    }
    expect(calls.map((c) => c.channel)).toEqual([...channelNames])
  })

  it('hands handlers trimmed values', async () => {
    const calls: EchoCall[] = []
    const dispatcher = createDispatcher(echoHandlers(calls))
    await dispatcher.dispatch('files.rename', { fileCode: 'abc123def456', name: '  spaced.txt  ' })
    expect(calls[0]?.input).toEqual({ fileCode: 'abc123def456', name: 'spaced.txt' })
  })

  it('refuses unknown channels, including inherited property names', async () => {
    const dispatcher = createDispatcher(echoHandlers())
    for (const channel of ['nope', '__proto__', 'constructor', 'toString', 42, null, undefined, { a: 1 }]) {
      const result = await dispatcher.dispatch(channel, {})
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error.kind).toBe('invalid_input')
    }
  })

  it('explains invalid input briefly, naming the field but not echoing the value', async () => {
    const dispatcher = createDispatcher(echoHandlers())
    const secret = 'SECRET-VALUE-'.repeat(1000)
    const result = await dispatcher.dispatch('files.rename', { fileCode: secret, name: 7 })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error).toMatchObject({ kind: 'invalid_input', operation: 'files.rename' })
    expect(result.error.message).toContain('fileCode')
    expect(result.error.message).toContain('name')
    expect(result.error.message).not.toContain('SECRET-VALUE')
    expect(result.error.message.length).toBeLessThan(600)
  })

  it('summarises many issues as the first three and a count', async () => {
    const dispatcher = createDispatcher(echoHandlers())
    const fileCodes = Array.from({ length: 10 }, (_, i) => `bad/code/${i}`)
    const result = await dispatcher.dispatch('files.info', { fileCodes })
    if (result.ok) throw new Error('expected a failure')
    expect(result.error.message).toContain('fileCodes[0]')
    expect(result.error.message).toContain('(and 7 more)')
    expect(result.error.message).not.toContain('bad/code')
  })

  it('passes a FiledockError through as data, with anything key-like redacted', async () => {
    const handlers: Handlers = {
      ...echoHandlers(),
      'files.clone': async () => {
        throw new FiledockError({
          kind: 'not_found',
          message: 'No such file at https://h.example/api/file/clone?key=abcdef123&file_code=x',
          operation: 'file/clone',
          status: 404,
        })
      },
    }
    const result = await createDispatcher(handlers).dispatch('files.clone', { fileCode: 'abc' })
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'not_found',
        message: 'No such file at https://h.example/api/file/clone?key=***&file_code=x',
        operation: 'file/clone',
        status: 404,
      },
    })
  })

  it('turns any other failure into a generic internal error and logs the redacted stack', async () => {
    const lines: string[] = []
    const handlers: Handlers = {
      ...echoHandlers(),
      'account.info': async () => {
        throw new TypeError('boom at https://h.example/api/account/info?key=supersecretkey')
      },
    }
    const result = await createDispatcher(handlers, { log: (l) => lines.push(l) }).dispatch(
      'account.info',
      {},
    )
    expect(result).toEqual({
      ok: false,
      error: {
        kind: 'internal',
        message: 'Something went wrong in Filedock while handling account.info.',
        operation: 'account.info',
      },
    })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('TypeError: boom')
    expect(lines[0]).not.toContain('supersecretkey')
  })

  it('never throws, even when a handler throws a non-error', async () => {
    const handlers: Handlers = {
      ...echoHandlers(),
      'app.info': () => {
        throw 'a string'
      },
    }
    const result = await createDispatcher(handlers, { log: () => undefined }).dispatch('app.info', {})
    expect(result.ok).toBe(false)
  })
})

describe('dispatcher fuzzing', () => {
  it('answers every malformed payload on every channel with a typed invalid_input, and keeps working', async () => {
    const calls: EchoCall[] = []
    const dispatcher = createDispatcher(echoHandlers(calls))
    let cases = 0
    for (const channel of channelNames) {
      const sample = sampleInputs[channel] as Record<string, unknown>
      const bad: unknown[] = [...nonObjects, ...pollutingObjects(sample)]
      for (const m of malformedMutations(channel, sample)) {
        if (m.field.startsWith('-') && !isRequired(channel, m.field.slice(1))) continue
        bad.push(m.input)
      }
      for (const input of bad) {
        const result = await dispatcher.dispatch(channel, input)
        cases += 1
        expect(result.ok, `${channel} accepted ${String(JSON.stringify(input)).slice(0, 80)}`).toBe(false)
        if (!result.ok) expect(result.error.kind).toBe('invalid_input')
      }
    }
    expect(cases).toBeGreaterThan(500)
    expect(calls).toEqual([])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(await dispatcher.dispatch('folders.list', { fldId: 0 })).toMatchObject({ ok: true })
  })

  it('answers random payloads with a Result whose error kind is typed', async () => {
    const dispatcher = createDispatcher(echoHandlers())
    for (let seed = 1; seed <= 400; seed++) {
      const channel = channelNames[seed % channelNames.length] as ChannelName
      const result = await dispatcher.dispatch(channel, randomValue(seed))
      if (!result.ok) expect(errorKinds).toContain(result.error.kind)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})

describe('createEventBus', () => {
  it('delivers events in order to every subscriber until it unsubscribes', () => {
    const bus = createEventBus<number>()
    const a: number[] = []
    const b: number[] = []
    const offA = bus.subscribe((n) => a.push(n))
    bus.subscribe((n) => b.push(n))
    bus.emit(1)
    offA()
    bus.emit(2)
    expect(a).toEqual([1])
    expect(b).toEqual([1, 2])
  })

  it('keeps delivering when one listener throws', () => {
    const errors: unknown[] = []
    const bus = createEventBus<string>({ onListenerError: (e) => errors.push(e) })
    const got: string[] = []
    bus.subscribe(() => {
      throw new Error('closed window')
    })
    bus.subscribe((s) => got.push(s))
    bus.emit('x')
    expect(got).toEqual(['x'])
    expect(errors).toHaveLength(1)
  })
})

describe('redactSecrets', () => {
  it('masks key-like parameters, JSON fields and literal secrets', () => {
    expect(redactSecrets('GET /api?key=abc123&x=1')).toBe('GET /api?key=***&x=1')
    expect(redactSecrets('sess_id=zz9 token=tt api_key=kk')).toBe('sess_id=*** token=*** api_key=***')
    expect(redactSecrets('{"apiKey":"s3cr3t","label":"a"}')).toBe('{"apiKey":"***","label":"a"}')
    expect(redactSecrets('the key s3cr3tvalue leaked', ['s3cr3tvalue'])).toBe('the key *** leaked')
    expect(redactSecrets('monkey=banana')).toBe('monkey=banana')
  })
})
