import { resolve } from 'node:path'
import { defineMessages, type IntlShape } from '@formatjs/intl'
import { plainMessages } from '../../core/i18n/written-message.ts'
import { verifyFolder } from '../../core/verify/verify-folder.ts'
import { formatBytes } from '../../shared/format-bytes.ts'
import { isProblem, type VerifyResult } from '../../shared/verify.ts'
import {
  type CliContext,
  createClient,
  parseIntFlag,
  targetFolderFlag,
  usage,
  writeJson,
} from '../context.ts'
import { exitCodes } from '../exit-codes.ts'
import { verifyHelp } from '../help.ts'
import { parseCommand } from '../options.ts'
import { cliIntl } from '../text.ts'

/** `filedock verify DIR --fld_id N [--full] [--seed N] [--json]`: see verifyHelp. */
export async function verifyCommand(argv: string[], ctx: CliContext): Promise<number> {
  const intl = await cliIntl(ctx.env)
  const parsed = await parseCommand(argv, ['fld_id', 'account', 'base-url', 'full', 'seed', 'json'], {
    help: verifyHelp,
    env: ctx.env,
    out: ctx.stdout,
    positionals: true,
  })
  if (parsed === null) return exitCodes.ok
  const { values, positionals } = parsed
  if (positionals.length !== 1) throw usage(messages.oneFolder, {}, verifyHelp)
  // Required: verifying against the root by default would call every local file "not uploaded".
  if (values.fld_id === undefined) throw usage(messages.whichFolder, {}, verifyHelp)
  const fldId = targetFolderFlag(values.fld_id)
  const seed = values.seed === undefined ? 0 : parseIntFlag('seed', values.seed)
  const client = await createClient(ctx, { baseUrl: values['base-url'], account: values.account })
  try {
    const results = await verifyFolder({
      client,
      dir: resolve(positionals[0] as string),
      fldId,
      full: values.full === true,
      seed,
      signal: ctx.signal,
      onResult: values.json ? (r) => writeJson(ctx.stdout, r, false) : undefined,
    })
    if (!values.json) ctx.stdout.write(summary(intl, results))
    return results.some((r) => isProblem(r.status)) ? exitCodes.mismatch : exitCodes.ok
  } finally {
    await client.close()
  }
}

const messages = plainMessages(
  defineMessages({
    oneFolder: { id: 'cli.errors.verify.oneFolder', defaultMessage: 'Give one folder to verify.' },
    whichFolder: {
      id: 'cli.errors.verify.whichFolder',
      defaultMessage: 'Which host folder? Give --fld_id N.',
    },
    differs: { id: 'cli.verify.row.differs', defaultMessage: 'differs at byte {offset}' },
    differsSizes: {
      id: 'cli.verify.row.differsSizes',
      defaultMessage: 'differs at byte {offset} (local {localSize} bytes, host {hostSize})',
    },
    failed: { id: 'cli.verify.row.failed', defaultMessage: 'could not be checked: {reason}' },
    missing: { id: 'cli.verify.row.missing', defaultMessage: 'missing on the host' },
    notUploaded: { id: 'cli.verify.row.notUploaded', defaultMessage: 'not uploaded' },
    summary: {
      id: 'cli.verify.summary',
      defaultMessage:
        '{files, plural, one {# file} other {# files}}: {counts}; {readBytes} read from the host.',
    },
    none: { id: 'cli.verify.count.none', defaultMessage: 'none' },
  }),
)

/** How many files ended in each state, in the summary's list. */
const counts = plainMessages(
  defineMessages({
    same: { id: 'cli.verify.count.same', defaultMessage: '{n, plural, one {# same} other {# same}}' },
    differs: {
      id: 'cli.verify.count.differs',
      defaultMessage: '{n, plural, one {# differ} other {# differ}}',
    },
    missing: {
      id: 'cli.verify.count.missing',
      defaultMessage: '{n, plural, one {# missing on the host} other {# missing on the host}}',
    },
    'not-uploaded': {
      id: 'cli.verify.count.notUploaded',
      defaultMessage: '{n, plural, one {# not uploaded} other {# not uploaded}}',
    },
    failed: {
      id: 'cli.verify.count.failed',
      defaultMessage: '{n, plural, one {# could not be checked} other {# could not be checked}}',
    },
  }),
) satisfies Record<VerifyResult['status'], unknown>

/** One line per file that is not the same, then the counts. */
function summary(intl: IntlShape, results: readonly VerifyResult[]): string {
  const lines = results
    .filter((r) => r.status !== 'same')
    .map((r) => {
      // Byte offsets and sizes in plain digits, as a script or a hex editor reads them.
      const what =
        r.status === 'differs'
          ? r.hostSize !== r.localSize
            ? intl.formatMessage(messages.differsSizes, {
                offset: r.offset ?? '',
                localSize: r.localSize ?? '',
                hostSize: r.hostSize ?? '',
              })
            : intl.formatMessage(messages.differs, { offset: r.offset ?? '' })
          : r.status === 'failed'
            ? intl.formatMessage(messages.failed, { reason: r.message ?? '' })
            : intl.formatMessage(r.status === 'missing' ? messages.missing : messages.notUploaded)
      return `${r.relPath}\t${what}\n`
    })
  const list = (Object.keys(counts) as VerifyResult['status'][])
    .map((s) => [s, results.filter((r) => r.status === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => intl.formatMessage(counts[s], { n }))
  const read = results.reduce((n, r) => n + r.bytesRead, 0)
  const text = intl.formatMessage(messages.summary, {
    files: results.length,
    counts: list.length > 0 ? intl.formatList(list, { type: 'unit' }) : intl.formatMessage(messages.none),
    readBytes: formatBytes(read, 'decimal', intl.locale),
  })
  return `${lines.join('')}${text}\n`
}
