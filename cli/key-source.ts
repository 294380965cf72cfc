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
      if (!key) throw (await import('./entry-errors.ts')).noKey()
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
