import { resolve } from 'node:path'
import { parseArgs } from 'node:util'

export interface WebArgs {
  port: number
  dataDir: string | undefined
  /** Open the URL in the default browser (`npm start`'s fallback asks for it; `--no-open` wins). */
  open: boolean
  /** Files and folders given to open with Filedock: the page shows them and uploads them only when asked. */
  paths: string[]
}

export const usage = 'usage: npm run web -- [--port N] [--data DIR] [--open | --no-open] [PATH…]'

/**
 * `--port N` (0 or absent: any free port), `--data DIR`, and paths to offer for upload (as Electron's "Open
 * with"); any other option is an error with the usage line.
 */
export function parseWebArgs(argv: string[]): WebArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      data: { type: 'string' },
      open: { type: 'boolean' },
      'no-open': { type: 'boolean' },
    },
    strict: true,
    allowPositionals: true,
  })
  const port = values.port === undefined ? 0 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535 || values.port?.trim() === '') {
    throw new Error(`--port needs a whole number from 0 to 65535, got "${values.port}"`)
  }
  if (values.data !== undefined && values.data.trim() === '') throw new Error('--data needs a folder')
  return {
    port,
    dataDir: values.data,
    open: values.open === true && values['no-open'] !== true,
    paths: positionals.map((p) => resolve(p)),
  }
}
