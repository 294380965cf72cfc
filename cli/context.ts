import type { Writable } from 'node:stream'
import type { ApiClient } from '../core/api/client.ts'
import { FiledockError } from '../shared/errors.ts'
import { BASE_URL_ENV, type KeySource } from './key-source.ts'

/** What a command needs from the outside world; main.ts builds it from the process. */
export interface CliContext {
  env: NodeJS.ProcessEnv
  stdout: Writable
  stderr: Writable
  /** Aborted on Ctrl-C. */
  signal: AbortSignal
  keySource: KeySource
}

/** A usage mistake: exit code 2, the message says what to type instead. */
export function usage(message: string): FiledockError {
  return new FiledockError({ kind: 'invalid_input', message })
}

/** The client for this run: base URL from --base-url or FILEDOCK_BASE_URL, key from the key source. */
export async function createClient(ctx: CliContext, baseUrlFlag: string | undefined): Promise<ApiClient> {
  const baseUrl = baseUrlFlag ?? ctx.env[BASE_URL_ENV]
  if (!baseUrl) throw usage(`No server address: pass --base-url URL or set ${BASE_URL_ENV}.`)
  const apiKey = await ctx.keySource.get()
  const { ApiClient } = await import('../core/api/client.ts')
  return new ApiClient({ baseUrl, apiKey, userAgent: 'filedock-cli/0.1.0' })
}

/** Parses a whole number given on the command line (range checks are the client's). */
export function parseIntFlag(name: string, value: string): number {
  if (!/^-?\d+$/.test(value.trim()))
    throw usage(`--${name} must be a whole number, not ${JSON.stringify(value)}.`)
  return Number(value)
}

export function writeJson(out: Writable, value: unknown, pretty: boolean): void {
  out.write(`${JSON.stringify(value === undefined ? true : value, null, pretty ? 2 : undefined)}\n`)
}
