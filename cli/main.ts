import { VERSION } from '../core/app-info/version.ts'
import { setLogSink } from '../core/logging/log.ts'
import { redactSecrets } from '../core/logging/redact.ts'
import { FiledockError } from '../shared/errors.ts'
import type { CliContext } from './context.ts'
import { exitCodeFor, exitCodes } from './exit-codes.ts'
import { API_KEY_ENV, envKeySource, keyFlagIn } from './key-source.ts'

/**
 * Entry of the `filedock` CLI (bin/filedock.mjs). Commands are imported lazily so `--help` stays fast.
 * Returns the exit code; every failure is one line on stderr, never containing the API key.
 */
export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  signal: AbortSignal = new AbortController().signal,
  io: Pick<CliContext, 'stdout' | 'stderr'> = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const ctx: CliContext = {
    env,
    stdout: io.stdout,
    stderr: io.stderr,
    signal,
    keySource: envKeySource(env),
  }
  // Core and sandbox log lines (a repaired file, a failed listener) go to this run's stderr, the key masked.
  const restoreLog = setLogSink((line) => ctx.stderr.write(`${redactSecrets(line, [env[API_KEY_ENV]])}\n`))
  try {
    const keyFlag = keyFlagIn(argv)
    if (keyFlag) throw (await import('./entry-errors.ts')).keyFlagRefused(keyFlag)
    const [command, ...rest] = argv
    switch (command) {
      case undefined:
        ctx.stderr.write(await mainHelp(env))
        return exitCodes.usage
      case '-h':
      case '--help':
      case 'help':
        ctx.stdout.write(await mainHelp(env))
        return exitCodes.ok
      case '--version':
      case '-v':
        ctx.stdout.write(`${VERSION}\n`)
        return exitCodes.ok
      case 'api':
        return await (await import('./commands/api.ts')).apiCommand(rest, ctx)
      case 'upload':
        return await (await import('./commands/upload.ts')).uploadCommand(rest, ctx)
      case 'remote':
        return await (await import('./commands/upload.ts')).remoteCommand(rest, ctx)
      case 'download':
        return await (await import('./commands/download.ts')).downloadCommand(rest, ctx)
      case 'accounts':
        return await (await import('./commands/accounts.ts')).accountsCommand(rest, ctx)
      case 'watch':
        return await (await import('./commands/watch.ts')).watchCommand(rest, ctx)
      case 'verify':
        return await (await import('./commands/verify.ts')).verifyCommand(rest, ctx)
      default:
        throw (await import('./entry-errors.ts')).unknownCommand(command)
    }
  } catch (err) {
    return await report(ctx, err)
  } finally {
    restoreLog()
  }
}

/** The help in the user's language: loaded with the run's intl when asked for, not at every start. */
async function mainHelp(env: NodeJS.ProcessEnv): Promise<string> {
  const [help, { cliIntl }] = await Promise.all([import('./help.ts'), import('./text.ts')])
  return help.mainHelp(await cliIntl(env))
}

async function report(ctx: CliContext, err: unknown): Promise<number> {
  const scrub = (text: string) => redactSecrets(text, [ctx.env[API_KEY_ENV]])
  if (err instanceof FiledockError) {
    // Loaded on failure only: `--help` and a run that succeeds start without the i18n library.
    const { inUserLanguage } = await import('./error-language.ts')
    ctx.stderr.write(`filedock: ${scrub(await inUserLanguage(err, ctx.env))}\n`)
    return exitCodeFor(err.kind)
  }
  const text = err instanceof Error ? err.message : String(err)
  const { internalError } = await import('./entry-errors.ts')
  ctx.stderr.write(`${await internalError(ctx.env, scrub(text))}\n`)
  return exitCodes.internal
}

/**
 * Ctrl-C aborts the running request, or stops the queue with its items kept for the next run (exit 130);
 * a second Ctrl-C exits at once.
 */
export function interruptSignal(): AbortSignal {
  const ac = new AbortController()
  process.once('SIGINT', () => {
    ac.abort()
    process.once('SIGINT', () => process.exit(exitCodes.cancelled))
  })
  return ac.signal
}
