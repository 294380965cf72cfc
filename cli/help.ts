import { VERSION } from '../core/app-info/version.ts'
import { DATA_ENV } from './data-dir.ts'
import { exitCodeHelp, exitCodes } from './exit-codes.ts'
import { API_KEY_ENV, BASE_URL_ENV } from './key-source.ts'
import { KEYCHAIN_SERVICE_ENV } from './keychain.ts'
import { type OperationSpec, operations, usageOf } from './operations.ts'
import { optionsHelp } from './options.ts'

export { VERSION }

export function mainHelp(): string {
  const codes = exitCodeHelp.map(([c, what]) => `  ${String(c).padStart(3)}  ${what}`).join('\n')
  return `filedock ${VERSION}: a command line for XFileSharing-style file hosts

Usage:
  filedock upload PATH… [options]                 upload files and folders (a folder is mirrored) through the
                                                  durable upload queue; prints the link pack
  filedock remote URL… [options]                  let the host fetch URLs, through the same queue
  filedock download CODE… | --fld_id N | --all --to DIR [options]
                                                  download files, a folder (its tree mirrored) or the
                                                  whole account, resumable, through the same queue
  filedock api <group>/<op> [--<param> <value>]…   call one API operation, print its result as JSON
  filedock api --help                             list the operations and their parameters
  filedock accounts [--json]                      list the accounts saved in the Filedock app
  filedock watch DIR [options]                    send every file that settles in DIR, until Ctrl+C
  filedock verify DIR --fld_id N [options]        compare the files under DIR with their copies on the host
  filedock <command> --help                       options of one command
  filedock --version

Which account:
  --account NAME   an account saved in the app (label or id); its key is read from the OS keychain
  otherwise        $${BASE_URL_ENV} (or --base-url URL) and $${API_KEY_ENV}

Environment:
  ${API_KEY_ENV}   the account's API key when no --account is given. It is never accepted as a
                     flag: command lines are visible to other users through ps and shell history.
  ${BASE_URL_ENV}  the host's address, when --base-url is not given
  ${DATA_ENV}      folder of the queue and the upload history, when --data is not given
  FILEDOCK_DATA_DIR  the app's data folder (its accounts; the default queue and history live there too)
  ${KEYCHAIN_SERVICE_ENV}  keychain service name of the keys (default: Filedock)

Exit codes:
${codes}

Messages go to stderr; results (JSON, link packs) to stdout.
`
}

export function apiHelp(): string {
  const rows = operations
    .map((o) => `  ${String(o.id).padStart(2)}  ${usageOf(o)}\n        ${o.summary}`)
    .join('\n')
  return `Usage: filedock api <group>/<op> [--<param> <value>]… [--account NAME | --base-url URL]

Operations (the spec's paths and parameter names; the key comes from --account or $${API_KEY_ENV}):
${rows}

The result is printed as JSON on stdout; operations with no result print true.
`
}

export function operationHelp(op: OperationSpec): string {
  return `${usageOf(op)}   (${op.summary})`
}

const queueOptions = optionsHelp([
  'fld_id',
  'account',
  'base-url',
  'concurrency',
  ['json', 'one JSON line per finished item on stdout, then {"linkPack", "format", "files"}'],
  'format',
  'data',
  'retry-failed',
  'force',
  'offline-wait',
  'dry-run',
])

const queueNotes = `The queue is durable: after Ctrl-C (exit 130), a kill or a crash, run again with the same --data and it
finishes what was left, without uploading anything twice. With no paths, it only finishes what is left:
  filedock upload --data DIR
Every run first resumes unfinished items of earlier runs (of any account it can reach: --account, or the
same $${BASE_URL_ENV} + $${API_KEY_ENV}; items of others stay queued) and waits for them too.

On a terminal, a progress bar (bytes, speed, ETA, counts) is drawn on stderr. Problems found before queueing
(a missing or empty file, an unreadable folder) and failed uploads are printed on stderr at once. The link pack
of every finished batch is printed on stdout at the end. Exit code 0 when everything was uploaded, 9 when
something failed or was left out, 2 when nothing could be queued, 3 on a rejected key, 5 when the host stayed
unreachable, 130 after Ctrl-C; the unfinished uploads stay in the queue.
`

export function uploadHelp(): string {
  return `Usage: filedock upload PATH… [options]

Uploads files and folders. A folder is mirrored on the host: its sub-folders are created (or reused) under
--fld_id and each file goes into its own folder.

Options:
${queueOptions}

${queueNotes}`
}

export function remoteHelp(): string {
  return `Usage: filedock remote URL… [options]

Asks the host to fetch each http(s) URL into --fld_id, and waits until the file appears there.

Each URL is checked from this computer first: one that does not answer, or answers with an error (404, 503…),
is refused at once with the reason; a web page (an HTML document, such as a file's download page) is skipped
with a message, since the host would store the page itself rather than the file it links to.

Options:
${queueOptions}
${optionsHelp(['allow-html', 'no-probe', 'fetch-timeout'])}

${queueNotes}`
}

export function downloadHelp(): string {
  return `Usage: filedock download CODE… | --fld_id N | --all --to DIR [options]

Downloads files by code, a folder with all its subfolders (the tree mirrored under DIR), or the whole account
(mirrored from its root) into DIR, through the same durable queue as uploads. Bytes go to a hidden work file
beside the target (.NAME.CODE.filedock-part) and the file gets its name only once it holds every byte the host
says it has: never a partial file under its name. Names the local disk would refuse are made safe (reported).

A file already here (same name and size) is not fetched again, so running the same command twice fetches
nothing the second time. After Ctrl-C (exit 130), a kill or a crash, run it again (or "filedock download" with
no arguments and the same --data): each file continues from the bytes it has, with an HTTP Range request. Two
runs at once share the work: a file is fetched once, by one of them.

Options:
${optionsHelp([
  ['fld_id', 'the folder to download, with its subfolders (0 is the root)'],
  'all',
  'to',
  'on-conflict',
  'account',
  'base-url',
  'concurrency',
  'limit-rate',
  [
    'json',
    'one JSON line per file on stdout: {"status": "downloaded" | "already here" | "failed",\n"code", "path", "size", "name", "reason"?}, then {"downloaded", "alreadyHere", …}',
  ],
  'data',
  ['retry-failed', 'put downloads that failed in earlier runs back in line (they keep their bytes)'],
  'offline-wait',
  [
    'dry-run',
    'print the plan (to fetch, already here, names taken, names made safe, bytes, free\nspace) and change nothing: no folder is created, nothing is fetched',
  ],
])}

On a terminal, a progress bar (bytes, speed, ETA, counts) is drawn on stderr; failures and a summary go there
too. Exit code 0 when every file is here, 9 when some failed or were left out (codes the host does not know),
4 when none of them exists, 11 when the local disk refused (full, not writable), 2 for a usage mistake, 3 on a
rejected key, 5 when the host stayed unreachable, 130 after Ctrl-C; unfinished downloads stay in the queue.
`
}

export function watchHelp(): string {
  return `Usage: filedock watch DIR [options]

Watches DIR and its sub-folders until Ctrl+C. A file goes up once it has stopped changing (size and time
unchanged for --min-age) and is not a partial download or temp file (.part, .tmp, .crdownload, ~$…); a file
renamed into place goes up under its final name. Sub-folders are mirrored under --fld_id. Files that arrived
while no watch ran go up at start. Every version of a file goes up once: a restart, even after a kill, sends
only what is left.

Options:
${optionsHelp([
  'fld_id',
  'account',
  'base-url',
  'min-age',
  'done',
  ['json', 'one JSON line per file on stdout: {"state":"done","relPath","fileCode","link","size",…}'],
  [
    'data',
    `folder of the watch's queue, records and the history (default: $${DATA_ENV}, else the\napp's data folder)`,
  ],
])}

Without --json, each sent file prints "relative/path<TAB>link" on stdout; problems go to stderr.
`
}

export function accountsHelp(): string {
  return `Usage: filedock accounts [--json]

Lists the accounts saved in the Filedock app: label, address, masked key, which one is active, and whether the
key can be read from the keychain now. Read-only: accounts are added and changed in the app. Use one with
--account LABEL (or its id) in upload, remote and api.
`
}

export function verifyHelp(): string {
  return `Usage: filedock verify DIR --fld_id N [options]

Compares each file under DIR (sub-folders mirror the host folder's) with its copy in host folder N: the size,
then bytes read from the host (ranges of a fresh direct link) and compared with the local file. The hosts
publish no checksums, so this reads the bytes themselves: by default the first and last MiB and 4 windows of
256 KiB placed by --seed (at most 3 MiB a file); --full reads everything. Each file is one of: same, differs
(and the first differing byte found), missing on the host (uploaded, then deleted there), not uploaded.

Options:
${optionsHelp([
  ['fld_id', 'the host folder DIR was uploaded to (required; 0 is the root)'],
  'account',
  'base-url',
  'full',
  'seed',
  [
    'json',
    'one JSON line per file on stdout: {"relPath","status","fileCode","localSize","hostSize",\n"offset","bytesRead"}',
  ],
])}

Exits ${exitCodes.mismatch} when a file differs, is missing on the host or could not be checked; files not uploaded are
listed but do not fail the run.
`
}
