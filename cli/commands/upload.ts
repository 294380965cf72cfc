import { parseArgs } from 'node:util'
import type { UploadProgress } from '../../shared/api/types.ts'
import { FiledockError } from '../../shared/errors.ts'
import { type CliContext, createClient, parseIntFlag, usage, writeJson } from '../context.ts'
import { uploadHelp } from '../help.ts'

/**
 * `filedock upload PATH… [--fld_id N]`. Files go one after another (each with a fresh upload session). A failed
 * file is reported on stderr and the rest still go, except after auth failures or Ctrl-C, which would fail
 * every remaining file too. The exit code is that of the first failure.
 */
export async function uploadCommand(argv: string[], ctx: CliContext): Promise<number> {
  let parsed: ReturnType<typeof parse>
  try {
    parsed = parse(argv)
  } catch (err) {
    throw usage(`${(err as Error).message}\n${uploadHelp()}`)
  }
  const { values, positionals: paths } = parsed
  if (values.help) {
    ctx.stdout.write(uploadHelp())
    return 0
  }
  if (paths.length === 0) throw usage(`Which files? ${uploadHelp()}`)
  const fldId = values.fld_id === undefined ? 0 : parseIntFlag('fld_id', values.fld_id)
  if (fldId < 0) throw usage('--fld_id must be 0 or more (0 is the root folder).')

  // Check every path first, so a typo in the last one does not surface after gigabytes of uploads.
  const { checkUploadSource } = await import('../../core/api/multipart-upload.ts')
  for (const p of paths) await checkUploadSource(p)

  const client = await createClient(ctx, values['base-url'])
  let firstFailure: FiledockError | undefined
  try {
    for (const path of paths) {
      try {
        const onProgress = progressPrinter(ctx, path)
        const out = await client.upload(path, { signal: ctx.signal, ...(onProgress ? { onProgress } : {}) })
        clearProgress(ctx)
        writeJson(ctx.stdout, { path, fileCode: out.fileCode, link: out.link, size: out.size }, false)
        if (fldId !== 0) {
          await client.fileSetFolder(out.fileCode, fldId, { signal: ctx.signal }).catch((err: unknown) => {
            if (!(err instanceof FiledockError)) throw err
            const message = `uploaded as ${out.fileCode} but not moved to folder ${fldId}: ${err.message}`
            throw new FiledockError({ ...err.toJSON(), message })
          })
        }
      } catch (err) {
        clearProgress(ctx)
        if (!(err instanceof FiledockError)) throw err
        ctx.stderr.write(`filedock: ${path}: ${err.message}\n`)
        firstFailure ??= err
        if (err.kind === 'auth' || err.kind === 'cancelled') break
      }
    }
  } finally {
    await client.close()
  }
  if (firstFailure)
    throw new FiledockError({ ...firstFailure.toJSON(), message: 'Not every file was uploaded.' })
  return 0
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      fld_id: { type: 'string' },
      'base-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  })
}

function progressPrinter(ctx: CliContext, path: string): ((p: UploadProgress) => void) | undefined {
  const tty = (ctx.stderr as { isTTY?: boolean }).isTTY
  if (!tty) return undefined
  return ({ bytesSent, totalBytes }) => {
    const pct = totalBytes === 0 ? 100 : Math.floor((bytesSent / totalBytes) * 100)
    ctx.stderr.write(`\r${path}: ${pct}% (${bytesSent}/${totalBytes} bytes)`)
  }
}

function clearProgress(ctx: CliContext): void {
  if ((ctx.stderr as { isTTY?: boolean }).isTTY) ctx.stderr.write('\r\u001b[2K')
}
