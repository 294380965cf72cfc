import { defineMessages, type IntlShape } from '@formatjs/intl'
import { plainMessages } from '../../core/i18n/written-message.ts'
import type { AccountView } from '../../shared/accounts.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import { type CliContext, writeJson } from '../context.ts'
import { accountsHelp } from '../help.ts'
import { openAccounts } from '../keychain.ts'
import { parseCommand } from '../options.ts'
import { cliIntl } from '../text.ts'

const messages = plainMessages(
  defineMessages({
    none: {
      id: 'cli.accounts.none',
      defaultMessage: 'filedock: no account is saved yet; add one in the Filedock app.',
    },
    warning: { id: 'cli.accounts.warning', defaultMessage: 'filedock: warning: {reason}' },
    unavailable: { id: 'cli.accounts.unavailable', defaultMessage: '{keychain} is not available.' },
    label: { id: 'cli.accounts.column.label', defaultMessage: 'LABEL' },
    baseUrl: { id: 'cli.accounts.column.baseUrl', defaultMessage: 'BASE URL' },
    key: { id: 'cli.accounts.column.key', defaultMessage: 'KEY' },
    id: { id: 'cli.accounts.column.id', defaultMessage: 'ID' },
    needsKey: { id: 'cli.accounts.needsKey', defaultMessage: '{maskedKey} (needs key)' },
    active: {
      id: 'cli.accounts.active',
      defaultMessage: '* = active (used by the app; the CLI uses the account named with --account)',
    },
  }),
)

/**
 * `filedock accounts [--json]`: the accounts saved in the app — label, address, masked key, which is active, and
 * whether the key can be read now. Read-only: accounts are added and changed in the app.
 */
export async function accountsCommand(argv: string[], ctx: CliContext): Promise<number> {
  const intl = await cliIntl(ctx.env)
  const parsed = await parseCommand(argv, ['json'], {
    help: accountsHelp,
    env: ctx.env,
    out: ctx.stdout,
    positionals: false,
  })
  if (parsed === null) return 0
  const { values } = parsed
  const store = await openAccounts(ctx.env)
  const accounts = await store.list()
  if (values.json) {
    writeJson(
      ctx.stdout,
      accounts.map((a) => ({
        id: a.id,
        label: a.label,
        baseUrl: a.baseUrl,
        maskedKey: a.maskedKey,
        active: a.active,
        keyProblem: a.keyProblem,
      })),
      true,
    )
    return 0
  }
  if (accounts.length === 0) {
    ctx.stderr.write(`${intl.formatMessage(messages.none)}\n`)
    return 0
  }
  ctx.stdout.write(table(intl, accounts))
  const status = store.keychainStatus()
  if (!status.available) {
    const reason = status.reasonError
      ? errorText(intl, status.reasonError)
      : intl.formatMessage(messages.unavailable, { keychain: status.label })
    ctx.stderr.write(`${intl.formatMessage(messages.warning, { reason })}\n`)
  }
  return 0
}

function table(intl: IntlShape, accounts: readonly AccountView[]): string {
  const t = (d: (typeof messages)[keyof typeof messages]) => intl.formatMessage(d)
  const rows = [
    ['', t(messages.label), t(messages.baseUrl), t(messages.key), t(messages.id)],
    ...accounts.map((a) => [
      a.active ? '*' : '',
      a.label,
      a.baseUrl,
      a.needsKey ? intl.formatMessage(messages.needsKey, { maskedKey: a.maskedKey }) : a.maskedKey,
      a.id,
    ]),
  ]
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? '').length))) ?? []
  const lines = rows.map((r) =>
    r
      .map((cell, c) => (c === r.length - 1 ? cell : cell.padEnd(widths[c] ?? 0)))
      .join('  ')
      .trimEnd(),
  )
  return `${lines.join('\n')}\n\n${t(messages.active)}\n`
}
