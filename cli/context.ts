import type { Writable } from 'node:stream'
import type { ApiClient } from '../core/api/client.ts'
import { FiledockError } from '../shared/errors.ts'
import type { KeySource } from './key-source.ts'

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

/**
 * The client for this run: `--account NAME` (a keychain account), else --base-url / FILEDOCK_BASE_URL with the key
 * from the key source.
 */
export async function createClient(
  ctx: CliContext,
  o: { baseUrl?: string | undefined; account?: string | undefined },
): Promise<ApiClient> {
  const { resolveTarget } = await import('./credentials.ts')
  return (await resolveTarget(ctx, o)).client
}

/** Parses a whole number given on the command line (range checks are the client's). */
export function parseIntFlag(name: string, value: string): number {
  if (!/^-?\d+$/.test(value.trim()))
    throw usage(`--${name} must be a whole number, not ${JSON.stringify(value)}.`)
  return Number(value)
}

/** `--fld_id` of upload, remote and watch: the folder files go to; absent means the root (0). */
export function targetFolderFlag(value: string | undefined): number {
  const fldId = value === undefined ? 0 : parseIntFlag('fld_id', value)
  if (fldId < 0) throw usage('--fld_id must be 0 or more (0 is the root folder).')
  return fldId
}

export function writeJson(out: Writable, value: unknown, pretty: boolean): void {
  out.write(`${JSON.stringify(value === undefined ? true : value, null, pretty ? 2 : undefined)}\n`)
}
