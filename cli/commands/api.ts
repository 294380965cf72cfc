import { type ParseArgsConfig, parseArgs } from 'node:util'
import { defineMessages } from '@formatjs/intl'
import { plainMessages } from '../../core/i18n/written-message.ts'
import { argsRefusal } from '../args-refusal.ts'
import { type CliContext, createClient, parseIntFlag, usage, writeJson } from '../context.ts'
import { apiHelp, operationHelp, operationsUsage } from '../help.ts'
import { type Args, type OperationSpec, operationsAt } from '../operations.ts'
import { cliOptions } from '../options.ts'
import { cliIntl } from '../text.ts'

const messages = plainMessages(
  defineMessages({
    which: { id: 'cli.errors.api.which', defaultMessage: 'Which operation? Try: filedock api --help' },
    unknown: {
      id: 'cli.errors.api.unknown',
      defaultMessage: 'Unknown operation {path}. See: filedock api --help',
    },
    oneForm: { id: 'cli.errors.api.oneForm', defaultMessage: 'Give exactly one form:' },
    foreign: {
      id: 'cli.errors.api.foreign',
      defaultMessage: '--{flag} does not go with this form of {path}.',
    },
    needs: { id: 'cli.errors.api.needs', defaultMessage: '{path} needs --{flag}.' },
  }),
)

/** `filedock api <group>/<op> [--<param> <value>]…`: one operation, its normalised result as JSON on stdout. */
export async function apiCommand(argv: string[], ctx: CliContext): Promise<number> {
  const path = argv[0]
  if (path === undefined || path.startsWith('-')) {
    if (path === '--help' || path === '-h') {
      ctx.stdout.write(apiHelp(await cliIntl(ctx.env)))
      return 0
    }
    throw usage(messages.which)
  }
  const candidates = operationsAt(path)
  if (candidates.length === 0) throw usage(messages.unknown, { path: JSON.stringify(path) })

  // The account options as every command reads them (cli/options.ts), then the operation's own parameters.
  const options: NonNullable<ParseArgsConfig['options']> = {
    help: { type: cliOptions.help.type, short: 'h' },
    'base-url': { type: cliOptions['base-url'].type },
    account: { type: cliOptions.account.type },
  }
  for (const op of candidates) {
    for (const p of op.params) options[p.name] = { type: 'string', multiple: p.kind === 'strings' }
  }
  let values: Record<string, string | boolean | (string | boolean)[] | undefined>
  try {
    values = parseArgs({ args: argv.slice(1), options, strict: true, allowPositionals: false }).values
  } catch (err) {
    throw argsRefusal(err, { args: argv.slice(1), options, allowPositionals: false }, (intl) =>
      operationsUsage(intl, candidates),
    )
  }
  if (values.help) {
    const intl = await cliIntl(ctx.env)
    ctx.stdout.write(`${candidates.map((o) => `filedock api ${operationHelp(intl, o)}`).join('\n')}\n`)
    return 0
  }

  const op = choose(candidates, values)
  const args = toArgs(op, values)
  const client = await createClient(ctx, {
    baseUrl: values['base-url'] as string | undefined,
    account: values.account as string | undefined,
  })
  try {
    const result = await op.run(client, args, ctx.signal)
    writeJson(ctx.stdout, result, true)
    return 0
  } finally {
    await client.close()
  }
}

const globalFlags = new Set(['base-url', 'account'])

/** upload/url has two forms; the one whose required flags are all present wins, and mixing them is refused. */
function choose(candidates: OperationSpec[], values: Record<string, unknown>): OperationSpec {
  if (candidates.length === 1) return candidates[0] as OperationSpec
  const fits = candidates.filter((o) =>
    o.params.filter((p) => p.required).every((p) => values[p.name] !== undefined),
  )
  if (fits.length !== 1) {
    throw usage(messages.oneForm, {}, (intl) =>
      candidates.map((o) => `  filedock api ${operationHelp(intl, o)}`).join('\n'),
    )
  }
  const op = fits[0] as OperationSpec
  const foreign = Object.keys(values).filter(
    (k) => values[k] !== undefined && !globalFlags.has(k) && !op.params.some((p) => p.name === k),
  )
  if (foreign.length > 0) throw usage(messages.foreign, { flag: foreign[0] as string, path: op.path })
  return op
}

function toArgs(op: OperationSpec, values: Record<string, unknown>): Args {
  const args: Args = {}
  for (const p of op.params) {
    const v = values[p.name]
    if (v === undefined) {
      if (p.required)
        throw usage(messages.needs, { path: op.path, flag: p.name }, (intl) => operationsUsage(intl, [op]))
      continue
    }
    if (p.kind === 'strings') args[p.name] = v as string[]
    else if (p.kind === 'int') args[p.name] = parseIntFlag(p.name, v as string)
    else args[p.name] = v as string
  }
  return args
}
