import type { AccountView } from '../../shared/accounts.ts'
import { type CliContext, writeJson } from '../context.ts'
import { accountsHelp } from '../help.ts'
import { openAccounts } from '../keychain.ts'
import { parseCommand } from '../options.ts'

/**
 * `filedock accounts [--json]`: the accounts saved in the app — label, address, masked key, which is active, and
 * whether the key can be read now. Read-only: accounts are added and changed in the app.
 */
export async function accountsCommand(argv: string[], ctx: CliContext): Promise<number> {
  const parsed = parseCommand(argv, ['json'], { help: accountsHelp, out: ctx.stdout, positionals: false })
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
    ctx.stderr.write('filedock: no account is saved yet; add one in the Filedock app.\n')
    return 0
  }
  ctx.stdout.write(table(accounts))
  const status = store.keychainStatus()
  if (!status.available)
    ctx.stderr.write(`filedock: warning: ${status.reason ?? `${status.label} is not available.`}\n`)
  return 0
}

function table(accounts: readonly AccountView[]): string {
  const rows = [
    ['', 'LABEL', 'BASE URL', 'KEY', 'ID'],
    ...accounts.map((a) => [
      a.active ? '*' : '',
      a.label,
      a.baseUrl,
      a.needsKey ? `${a.maskedKey} (needs key)` : a.maskedKey,
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
  return `${lines.join('\n')}\n\n* = active (used by the app; the CLI uses the account named with --account)\n`
}
