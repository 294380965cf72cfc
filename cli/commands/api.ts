import { type ParseArgsConfig, parseArgs } from 'node:util'
import { type CliContext, createClient, parseIntFlag, usage, writeJson } from '../context.ts'
import { apiHelp, operationHelp } from '../help.ts'
import { type Args, type OperationSpec, operationsAt } from '../operations.ts'
import { cliOptions } from '../options.ts'

/** `filedock api <group>/<op> [--<param> <value>]…`: one operation, its normalised result as JSON on stdout. */
export async function apiCommand(argv: string[], ctx: CliContext): Promise<number> {
  const path = argv[0]
  if (path === undefined || path.startsWith('-')) {
    if (path === '--help' || path === '-h') {
      ctx.stdout.write(apiHelp())
      return 0
    }
    throw usage(`Which operation? Try: filedock api --help`)
  }
  const candidates = operationsAt(path)
  if (candidates.length === 0)
    throw usage(`Unknown operation ${JSON.stringify(path)}. See: filedock api --help`)

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
    throw usage(
      `${(err as Error).message}\nUsage: ${candidates.map((o) => `filedock api ${operationHelp(o)}`).join('\n   or: ')}`,
    )
  }
  if (values.help) {
    ctx.stdout.write(`${candidates.map((o) => `filedock api ${operationHelp(o)}`).join('\n')}\n`)
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
    throw usage(
      `Give exactly one form:\n  ${candidates.map((o) => `filedock api ${operationHelp(o)}`).join('\n  ')}`,
    )
  }
  const op = fits[0] as OperationSpec
  const foreign = Object.keys(values).filter(
    (k) => values[k] !== undefined && !globalFlags.has(k) && !op.params.some((p) => p.name === k),
  )
  if (foreign.length > 0) throw usage(`--${foreign[0]} does not go with this form of ${op.path}.`)
  return op
}

function toArgs(op: OperationSpec, values: Record<string, unknown>): Args {
  const args: Args = {}
  for (const p of op.params) {
    const v = values[p.name]
    if (v === undefined) {
      if (p.required) throw usage(`${op.path} needs --${p.name}. Usage: filedock api ${operationHelp(op)}`)
      continue
    }
    if (p.kind === 'strings') args[p.name] = v as string[]
    else if (p.kind === 'int') args[p.name] = parseIntFlag(p.name, v as string)
    else args[p.name] = v as string
  }
  return args
}
