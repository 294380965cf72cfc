import type { z } from 'zod'
import { type FiledockErrorData, isFiledockError } from '../../shared/errors.ts'
import { isChannelName } from '../../shared/ipc/channels.ts'
import { contract } from '../../shared/ipc/contract.ts'
import type { Handlers } from '../../shared/ipc/types.ts'
import { fail, ok, type Result } from '../../shared/result.ts'
import { logLine } from '../logging/log.ts'
import { clip, redactSecrets } from '../logging/redact.ts'

export interface Dispatcher {
  /** Never throws and never rejects: every outcome is a Result. */
  dispatch(channel: unknown, input: unknown): Promise<Result<unknown>>
}

export interface DispatcherOptions {
  /** Where unexpected failures are written (redacted); stderr by default. */
  log?: (line: string) => void
}

const MAX_ISSUES_SHOWN = 3

/**
 * The one place renderer input enters main: the channel must be in the contract, the input must parse with the
 * channel's schema, and whatever the handler throws becomes a typed, redacted error value.
 */
export function createDispatcher(handlers: Handlers, options: DispatcherOptions = {}): Dispatcher {
  const log = options.log ?? logLine
  // Loosened once here so one generic call site serves every channel; the contract ties input to handler.
  const byName = handlers as unknown as Record<string, (input: unknown) => Promise<unknown>>

  return {
    async dispatch(channel, input) {
      if (!isChannelName(channel)) {
        const shown = typeof channel === 'string' ? JSON.stringify(clip(channel, 60)) : typeof channel
        return fail({ kind: 'invalid_input', message: `Unknown channel ${redactSecrets(shown)}.` })
      }
      const parsed = contract[channel].input.safeParse(input)
      if (!parsed.success) {
        return fail({
          kind: 'invalid_input',
          message: summariseIssues(channel, parsed.error.issues),
          operation: channel,
        })
      }
      try {
        const handler = byName[channel]
        if (handler === undefined) throw new Error(`No handler registered for ${channel}`)
        return ok(await handler(parsed.data))
      } catch (error) {
        return fail(toErrorData(channel, error, log))
      }
    },
  }
}

/** A readable message from zod's issues: at most three, each with the field path, none with the input's value. */
export function summariseIssues(channel: string, issues: readonly z.core.$ZodIssue[]): string {
  const parts = issues.slice(0, MAX_ISSUES_SHOWN).map((issue) => {
    const path = issue.path
      .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
      .join('')
    return clip(`${path === '' ? 'input' : path}: ${issue.message}`, 160)
  })
  const more = issues.length > MAX_ISSUES_SHOWN ? ` (and ${issues.length - MAX_ISSUES_SHOWN} more)` : ''
  return redactSecrets(`Invalid input for ${channel}: ${parts.join('; ')}${more}.`)
}

function toErrorData(channel: string, error: unknown, log: (line: string) => void): FiledockErrorData {
  if (isFiledockError(error)) {
    const data = error.toJSON()
    return { ...data, message: clip(redactSecrets(data.message), 500) }
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error)
  log(`Filedock: unexpected failure in ${channel}: ${redactSecrets(detail)}`)
  return {
    kind: 'internal',
    message: `Something went wrong in Filedock while handling ${channel}.`,
    operation: channel,
  }
}
