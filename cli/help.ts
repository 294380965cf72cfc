import { exitCodeHelp } from './exit-codes.ts'
import { API_KEY_ENV, BASE_URL_ENV } from './key-source.ts'
import { type OperationSpec, operations, usageOf } from './operations.ts'

export const VERSION = '0.1.0'

export function mainHelp(): string {
  const codes = exitCodeHelp.map(([c, what]) => `  ${String(c).padStart(3)}  ${what}`).join('\n')
  return `filedock ${VERSION}: a command line for XFileSharing-style file hosts

Usage:
  filedock api <group>/<op> [--<param> <value>]…   call one API operation, print its result as JSON
  filedock upload PATH… [--fld_id N]              upload files, print one JSON line per file
  filedock api --help                             list the operations and their parameters
  filedock --version

Options:
  --base-url URL   the host's address (default: $${BASE_URL_ENV})
  -h, --help       this help

Environment:
  ${API_KEY_ENV}   the account's API key (required). It is never accepted as a flag:
                     command lines are visible to other users through ps and shell history.
  ${BASE_URL_ENV}  the host's address, when --base-url is not given

Exit codes:
${codes}

Messages go to stderr; results (JSON) to stdout.
`
}

export function apiHelp(): string {
  const rows = operations
    .map((o) => `  ${String(o.id).padStart(2)}  ${usageOf(o)}\n        ${o.summary}`)
    .join('\n')
  return `Usage: filedock api <group>/<op> [--<param> <value>]… [--base-url URL]

Operations (the spec's paths and parameter names; the key comes from $${API_KEY_ENV}):
${rows}

The result is printed as JSON on stdout; operations with no result print true.
`
}

export function operationHelp(op: OperationSpec): string {
  return `${usageOf(op)}   (${op.summary})`
}

export function uploadHelp(): string {
  return `Usage: filedock upload PATH… [--fld_id N] [--base-url URL]

Uploads each file (upload/server, then a streamed form POST), then moves it to folder N with file/set_folder when
N is not 0. Prints one JSON line per uploaded file: {"path", "fileCode", "link", "size"}.
All paths are checked before the first upload. Progress goes to stderr when it is a terminal.
`
}
