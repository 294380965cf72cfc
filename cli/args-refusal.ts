import { type ParseArgsConfig, parseArgs } from 'node:util'
import { defineMessages } from '@formatjs/intl'
import { plainMessages } from '../core/i18n/written-message.ts'
import type { ErrorValues } from '../shared/errors.ts'
import type { ErrorMessage } from '../shared/i18n/error-text.ts'
import { type HelpText, UsageError, usage } from './context.ts'

/** What a command gave node:util parseArgs: its arguments, its options, and whether it takes any others. */
export interface ArgsConfig {
  args: string[]
  options: NonNullable<ParseArgsConfig['options']>
  allowPositionals: boolean
}

/**
 * node:util parseArgs refused the command line (strict mode) in Node's English. The refusal in the user's
 * language, followed by `help`: which refusal is Node's `code`; which argument, the first one failing that check
 * as Node reads them in order (its tokens), named as typed. A refusal of a kind this does not know keeps Node's
 * words.
 */
export function argsRefusal(error: unknown, config: ArgsConfig, help: HelpText): UsageError {
  const code = (error as { code?: unknown }).code
  const worded = typeof code === 'string' ? refusalOf(code, config) : null
  if (worded !== null) return usage(worded.text, worded.values, help)
  const refused = new UsageError({ kind: 'invalid_input', message: String((error as Error).message) })
  refused.help = help
  return refused
}

function refusalOf(code: string, config: ArgsConfig): { text: ErrorMessage; values: ErrorValues } | null {
  // Tokens are the same whether strict or not; not strict, reading them refuses nothing.
  const { tokens } = parseArgs({ ...config, strict: false, allowPositionals: true, tokens: true })
  for (const token of tokens) {
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL' && token.kind === 'positional')
      return { text: TEXT.unexpected, values: { argument: token.value } }
    if (token.kind !== 'option') continue
    const option = token.rawName
    const known = Object.hasOwn(config.options, token.name)
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && !known)
      return { text: TEXT.unknown, values: { option, positionals: config.allowPositionals ? 'yes' : 'no' } }
    if (code !== 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' || !known) continue
    const type = config.options[token.name]?.type
    if (type === 'string' && token.value === undefined) return { text: TEXT.missing, values: { option } }
    if (type === 'boolean' && token.value !== undefined) return { text: TEXT.noValue, values: { option } }
    // What Node takes for a forgotten value: the next argument, starting with a dash, not joined by `=`.
    if (
      !token.inlineValue &&
      token.value !== undefined &&
      token.value.length > 1 &&
      token.value.startsWith('-')
    )
      return { text: TEXT.dashValue, values: { option, value: token.value } }
  }
  return null
}

const TEXT = plainMessages(
  defineMessages({
    unknown: {
      id: 'cli.errors.args.unknownOption',
      defaultMessage:
        'Unknown option "{option}".{positionals, select, yes { An argument that starts with a dash goes after --, as in: -- {option}} other {}}',
    },
    missing: { id: 'cli.errors.args.missingValue', defaultMessage: '{option} needs a value.' },
    dashValue: {
      id: 'cli.errors.args.dashValue',
      defaultMessage: '{option} needs a value; one that starts with a dash is written {option}={value}.',
    },
    noValue: { id: 'cli.errors.args.noValue', defaultMessage: '{option} takes no value.' },
    unexpected: {
      id: 'cli.errors.args.unexpected',
      defaultMessage: 'Unexpected argument "{argument}": this command takes only options.',
    },
  }),
)
