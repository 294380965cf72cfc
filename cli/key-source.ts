import { FiledockError } from '../shared/errors.ts'

/**
 * Where the CLI gets the API key when no `--account NAME` is given (then it comes from the keychain, see
 * credentials.ts): the environment. Never from a flag: command lines are visible to every user through `ps` and
 * shell history.
 */
export interface KeySource {
  /** For messages, e.g. `FILEDOCK_API_KEY`. */
  readonly description: string
  get(): Promise<string>
}

export const API_KEY_ENV = 'FILEDOCK_API_KEY'
export const BASE_URL_ENV = 'FILEDOCK_BASE_URL'

export function envKeySource(env: NodeJS.ProcessEnv): KeySource {
  return {
    description: API_KEY_ENV,
    async get() {
      const key = env[API_KEY_ENV]?.trim()
      if (!key) {
        throw new FiledockError({
          kind: 'auth',
          message: `No API key: set ${API_KEY_ENV} in the environment (the key is never taken as a flag), or use an account saved in the app with --account NAME.`,
        })
      }
      return key
    },
  }
}

/** Flags that would put a key on the command line; refused with an explanation. */
export function keyFlagIn(argv: readonly string[]): string | undefined {
  for (const a of argv) {
    if (a === '--') return undefined
    const m = /^--?(key|api[-_]?key)(=.*)?$/i.exec(a)
    if (m) return `--${m[1]}`
  }
  return undefined
}

export const keyFlagMessage = (flag: string) =>
  `${flag} is not accepted: command-line arguments are visible to other users (ps, shell history). ` +
  `Set ${API_KEY_ENV} in the environment, or pick an account saved in the app with --account NAME.`
