import { resolve } from 'node:path'
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

/** `filedock verify DIR --fld_id N [--full] [--seed N] [--json]`: see verifyHelp. */
export async function verifyCommand(argv: string[], ctx: CliContext): Promise<number> {
  const parsed = parseCommand(argv, ['fld_id', 'account', 'base-url', 'full', 'seed', 'json'], {
    help: verifyHelp,
    out: ctx.stdout,
    positionals: true,
  })
  if (parsed === null) return exitCodes.ok
  const { values, positionals } = parsed
  if (positionals.length !== 1) throw usage(`Give one folder to verify.\n${verifyHelp()}`)
  // Required: verifying against the root by default would call every local file "not uploaded".
  if (values.fld_id === undefined) throw usage(`Which host folder? Give --fld_id N.\n${verifyHelp()}`)
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
    if (!values.json) ctx.stdout.write(summary(results))
    return results.some((r) => isProblem(r.status)) ? exitCodes.mismatch : exitCodes.ok
  } finally {
    await client.close()
  }
}

const words: Record<VerifyResult['status'], string> = {
  same: 'same',
  differs: 'differ',
  missing: 'missing on the host',
  'not-uploaded': 'not uploaded',
  failed: 'could not be checked',
}

/** One line per file that is not the same, then the counts. */
function summary(results: readonly VerifyResult[]): string {
  const lines = results
    .filter((r) => r.status !== 'same')
    .map((r) => {
      const what =
        r.status === 'differs'
          ? `differs at byte ${r.offset}${r.hostSize !== r.localSize ? ` (local ${r.localSize} bytes, host ${r.hostSize})` : ''}`
          : r.status === 'failed'
            ? `could not be checked: ${r.message ?? ''}`
            : words[r.status]
      return `${r.relPath}\t${what}\n`
    })
  const counts = (Object.keys(words) as VerifyResult['status'][])
    .map((s) => [s, results.filter((r) => r.status === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${words[s]}`)
  const read = results.reduce((n, r) => n + r.bytesRead, 0)
  return `${lines.join('')}${results.length} files: ${counts.join(', ') || 'none'}; ${formatBytes(read)} read from the host.\n`
}
