import { defineMessage, defineMessages, type IntlShape, type MessageDescriptor } from '@formatjs/intl'
import { VERSION } from '../core/app-info/version.ts'
import { plainMessages } from '../core/i18n/written-message.ts'
import { DATA_ENV } from './data-dir.ts'
import { exitCodes } from './exit-codes.ts'
import { API_KEY_ENV, BASE_URL_ENV } from './key-source.ts'
import { KEYCHAIN_SERVICE_ENV } from './keychain.ts'
import { type OperationSpec, operations, usageOf } from './operations.ts'
import { optionsHelp } from './options.ts'

export { VERSION }

/**
 * The help texts in the user's language: descriptions are messages; command and option names, environment
 * variables and the syntax of usage lines and examples stay as typed (they are placeholders or outside the
 * messages). A description that wraps continues under its column.
 */
const m = plainMessages(
  defineMessages({
    title: {
      id: 'cli.help.title',
      defaultMessage: 'filedock {version}: a command line for XFileSharing-style file hosts',
    },
    usage: { id: 'cli.help.usage', defaultMessage: 'Usage:' },
    usageLine: { id: 'cli.help.usageLine', defaultMessage: 'Usage: {syntax}' },
    or: { id: 'cli.help.or', defaultMessage: 'or: {syntax}' },
    upload: {
      id: 'cli.help.command.upload',
      defaultMessage:
        'upload files and folders (a folder is mirrored) through the\ndurable upload queue; prints the link pack',
    },
    remote: {
      id: 'cli.help.command.remote',
      defaultMessage: 'let the host fetch URLs, through the same queue',
    },
    download: {
      id: 'cli.help.command.download',
      defaultMessage:
        'download files, a folder (its tree mirrored) or the\nwhole account, resumable, through the same queue',
    },
    api: { id: 'cli.help.command.api', defaultMessage: 'call one API operation, print its result as JSON' },
    apiHelp: { id: 'cli.help.command.apiHelp', defaultMessage: 'list the operations and their parameters' },
    accounts: {
      id: 'cli.help.command.accounts',
      defaultMessage: 'list the accounts saved in the Filedock app',
    },
    watch: {
      id: 'cli.help.command.watch',
      defaultMessage: 'send every file that settles in DIR, until Ctrl+C',
    },
    verify: {
      id: 'cli.help.command.verify',
      defaultMessage: 'compare the files under DIR with their copies on the host',
    },
    commandHelp: { id: 'cli.help.command.help', defaultMessage: 'options of one command' },
    whichAccount: { id: 'cli.help.whichAccount', defaultMessage: 'Which account:' },
    accountOption: {
      id: 'cli.help.whichAccount.account',
      defaultMessage: 'an account saved in the app (label or id); its key is read from the OS keychain',
    },
    otherwise: { id: 'cli.help.whichAccount.otherwise', defaultMessage: 'otherwise' },
    environment: { id: 'cli.help.environment', defaultMessage: 'Environment:' },
    keyEnv: {
      id: 'cli.help.environment.key',
      defaultMessage:
        "the account's API key when no --account is given. It is never accepted as a\nflag: command lines are visible to other users through ps and shell history.",
    },
    baseUrlEnv: {
      id: 'cli.help.environment.baseUrl',
      defaultMessage: "the host's address, when --base-url is not given",
    },
    dataEnv: {
      id: 'cli.help.environment.data',
      defaultMessage: 'folder of the queue and the upload history, when --data is not given',
    },
    dataDirEnv: {
      id: 'cli.help.environment.dataDir',
      defaultMessage: "the app's data folder (its accounts; the default queue and history live there too)",
    },
    keychainEnv: {
      id: 'cli.help.environment.keychain',
      defaultMessage: 'keychain service name of the keys (default: Filedock)',
    },
    exitCodes: { id: 'cli.help.exitCodes', defaultMessage: 'Exit codes:' },
    streams: {
      id: 'cli.help.streams',
      defaultMessage: 'Messages go to stderr; results (JSON, link packs) to stdout.',
    },
    apiOperations: {
      id: 'cli.help.api.operations',
      defaultMessage:
        "Operations (the spec's paths and parameter names; the key comes from --account or {keyEnv}):",
    },
    apiResult: {
      id: 'cli.help.api.result',
      defaultMessage: 'The result is printed as JSON on stdout; operations with no result print true.',
    },
    options: { id: 'cli.help.options', defaultMessage: 'Options:' },
    queueJson: {
      id: 'cli.help.queue.json',
      defaultMessage: 'one JSON line per finished item on stdout, then {json}',
    },
    queueNotes: {
      id: 'cli.help.queue.notes',
      defaultMessage:
        'The queue is durable: after Ctrl-C (exit 130), a kill or a crash, run again with the same --data and it\nfinishes what was left, without uploading anything twice. With no paths, it only finishes what is left:\n  filedock upload --data DIR\nEvery run first resumes unfinished items of earlier runs (of any account it can reach: --account, or the\nsame {baseUrlEnv} + {keyEnv}; items of others stay queued) and waits for them too.',
    },
    queueOutput: {
      id: 'cli.help.queue.output',
      defaultMessage:
        'On a terminal, a progress bar (bytes, speed, ETA, counts) is drawn on stderr. Problems found before queueing\n(a missing or empty file, an unreadable folder) and failed uploads are printed on stderr at once. The link pack\nof every finished batch is printed on stdout at the end. Exit code 0 when everything was uploaded, 9 when\nsomething failed or was left out, 2 when nothing could be queued, 3 on a rejected key, 5 when the host stayed\nunreachable, 130 after Ctrl-C; the unfinished uploads stay in the queue.',
    },
    uploadAbout: {
      id: 'cli.help.upload.about',
      defaultMessage:
        'Uploads files and folders. A folder is mirrored on the host: its sub-folders are created (or reused) under\n--fld_id and each file goes into its own folder.',
    },
    remoteAbout: {
      id: 'cli.help.remote.about',
      defaultMessage:
        'Asks the host to fetch each http(s) URL into --fld_id, and waits until the file appears there.',
    },
    remoteCheck: {
      id: 'cli.help.remote.check',
      defaultMessage:
        "Each URL is checked from this computer first: one that does not answer, or answers with an error (404, 503…),\nis refused at once with the reason; a web page (an HTML document, such as a file's download page) is skipped\nwith a message, since the host would store the page itself rather than the file it links to.",
    },
    downloadAbout: {
      id: 'cli.help.download.about',
      defaultMessage:
        'Downloads files by code, a folder with all its subfolders (the tree mirrored under DIR), or the whole account\n(mirrored from its root) into DIR, through the same durable queue as uploads. Bytes go to a hidden work file\nbeside the target (.NAME.CODE.filedock-part) and the file gets its name only once it holds every byte the host\nsays it has: never a partial file under its name. Names the local disk would refuse are made safe (reported).',
    },
    downloadResume: {
      id: 'cli.help.download.resume',
      defaultMessage:
        'A file already here (same name and size) is not fetched again, so running the same command twice fetches\nnothing the second time. After Ctrl-C (exit 130), a kill or a crash, run it again (or "filedock download" with\nno arguments and the same --data): each file continues from the bytes it has, with an HTTP Range request. Two\nruns at once share the work: a file is fetched once, by one of them.',
    },
    downloadFolder: {
      id: 'cli.help.download.folder',
      defaultMessage: 'the folder to download, with its subfolders (0 is the root)',
    },
    downloadJson: {
      id: 'cli.help.download.json',
      defaultMessage: 'one JSON line per file on stdout: {line}, then {summary}',
    },
    downloadRetry: {
      id: 'cli.help.download.retryFailed',
      defaultMessage: 'put downloads that failed in earlier runs back in line (they keep their bytes)',
    },
    downloadDryRun: {
      id: 'cli.help.download.dryRun',
      defaultMessage:
        'print the plan (to fetch, already here, names taken, names made safe, bytes, free\nspace) and change nothing: no folder is created, nothing is fetched',
    },
    downloadOutput: {
      id: 'cli.help.download.output',
      defaultMessage:
        'On a terminal, a progress bar (bytes, speed, ETA, counts) is drawn on stderr; failures and a summary go there\ntoo. Exit code 0 when every file is here, 9 when some failed or were left out (codes the host does not know),\n4 when none of them exists, 11 when the local disk refused (full, not writable), 2 for a usage mistake, 3 on a\nrejected key, 5 when the host stayed unreachable, 130 after Ctrl-C; unfinished downloads stay in the queue.',
    },
    watchAbout: {
      id: 'cli.help.watch.about',
      defaultMessage:
        'Watches DIR and its sub-folders until Ctrl+C. A file goes up once it has stopped changing (size and time\nunchanged for --min-age) and is not a partial download or temp file (.part, .tmp, .crdownload, ~$…); a file\nrenamed into place goes up under its final name. Sub-folders are mirrored under --fld_id. Files that arrived\nwhile no watch ran go up at start. Every version of a file goes up once: a restart, even after a kill, sends\nonly what is left.',
    },
    watchJson: { id: 'cli.help.watch.json', defaultMessage: 'one JSON line per file on stdout: {line}' },
    watchData: {
      id: 'cli.help.watch.data',
      defaultMessage:
        "folder of the watch's queue, records and the history (default: {dataEnv}, else the\napp's data folder)",
    },
    watchOutput: {
      id: 'cli.help.watch.output',
      defaultMessage: 'Without --json, each sent file prints "{line}" on stdout; problems go to stderr.',
    },
    accountsAbout: {
      id: 'cli.help.accounts.about',
      defaultMessage:
        'Lists the accounts saved in the Filedock app: label, address, masked key, which one is active, and whether the\nkey can be read from the keychain now. Read-only: accounts are added and changed in the app. Use one with\n--account LABEL (or its id) in upload, remote and api.',
    },
    verifyAbout: {
      id: 'cli.help.verify.about',
      defaultMessage:
        "Compares each file under DIR (sub-folders mirror the host folder's) with its copy in host folder N: the size,\nthen bytes read from the host (ranges of a fresh direct link) and compared with the local file. The hosts\npublish no checksums, so this reads the bytes themselves: by default the first and last MiB and 4 windows of\n256 KiB placed by --seed (at most 3 MiB a file); --full reads everything. Each file is one of: same, differs\n(and the first differing byte found), missing on the host (uploaded, then deleted there), not uploaded.",
    },
    verifyFolder: {
      id: 'cli.help.verify.folder',
      defaultMessage: 'the host folder DIR was uploaded to (required; 0 is the root)',
    },
    verifyJson: { id: 'cli.help.verify.json', defaultMessage: 'one JSON line per file on stdout: {line}' },
    verifyExit: {
      id: 'cli.help.verify.exit',
      defaultMessage:
        'Exits {code} when a file differs, is missing on the host or could not be checked; files not uploaded are\nlisted but do not fail the run.',
    },
  }),
)

/** What each exit code means, as `filedock --help` lists them (the codes are cli/exit-codes.ts's). */
const exitCodeHelp: ReadonlyArray<readonly [number, MessageDescriptor]> = [
  [exitCodes.ok, defineMessage({ id: 'cli.help.exit.ok', defaultMessage: 'success' })],
  [
    exitCodes.internal,
    defineMessage({ id: 'cli.help.exit.internal', defaultMessage: 'unexpected internal error (a bug)' }),
  ],
  [
    exitCodes.usage,
    defineMessage({
      id: 'cli.help.exit.usage',
      defaultMessage: 'usage error or invalid argument (nothing was sent)',
    }),
  ],
  [
    exitCodes.auth,
    defineMessage({ id: 'cli.help.exit.auth', defaultMessage: 'API key missing or rejected' }),
  ],
  [
    exitCodes.notFound,
    defineMessage({
      id: 'cli.help.exit.notFound',
      defaultMessage: 'file, folder or upload session not found',
    }),
  ],
  [
    exitCodes.network,
    defineMessage({ id: 'cli.help.exit.network', defaultMessage: 'network failure or timeout' }),
  ],
  [
    exitCodes.server,
    defineMessage({
      id: 'cli.help.exit.server',
      defaultMessage: 'the host reported a failure or is rate-limiting',
    }),
  ],
  [
    exitCodes.malformed,
    defineMessage({
      id: 'cli.help.exit.malformed',
      defaultMessage: 'the host answered something unreadable',
    }),
  ],
  [
    exitCodes.keychain,
    defineMessage({ id: 'cli.help.exit.keychain', defaultMessage: 'the OS keychain failed' }),
  ],
  [
    exitCodes.partial,
    defineMessage({
      id: 'cli.help.exit.partial',
      defaultMessage: 'upload: some files failed or were left out (the rest went through; see stderr)',
    }),
  ],
  [
    exitCodes.forbidden,
    defineMessage({
      id: 'cli.help.exit.forbidden',
      defaultMessage: 'the key works, but the host does not allow this action for it',
    }),
  ],
  [
    exitCodes.localDisk,
    defineMessage({
      id: 'cli.help.exit.localDisk',
      defaultMessage: 'the local disk refused: full, folder not writable, or a name it cannot hold',
    }),
  ],
  [
    exitCodes.mismatch,
    defineMessage({
      id: 'cli.help.exit.mismatch',
      defaultMessage:
        'verify: a file differs from its copy on the host, is missing there, or was not checked',
    }),
  ],
  [
    exitCodes.cancelled,
    defineMessage({ id: 'cli.help.exit.cancelled', defaultMessage: 'cancelled (Ctrl-C)' }),
  ],
]

/** `text` under a column: its first line after `first`, the next ones indented to where the text starts. */
function column(first: string, width: number, text: string): string {
  const [line, ...more] = text.split('\n')
  return [`${first.padEnd(width)}${line}`, ...more.map((l) => `${' '.repeat(width)}${l}`)].join('\n')
}

export function mainHelp(intl: IntlShape): string {
  const t = (d: (typeof m)[keyof typeof m], v?: Record<string, string | number>) => intl.formatMessage(d, v)
  const codes = exitCodeHelp
    .map(([c, what]) => `  ${String(c).padStart(3)}  ${intl.formatMessage(what)}`)
    .join('\n')
  const command = (syntax: string, what: string) => column(`  ${syntax}`, 50, what)
  return `${t(m.title, { version: VERSION })}

${t(m.usage)}
${command('filedock upload PATH… [options]', t(m.upload))}
${command('filedock remote URL… [options]', t(m.remote))}
  filedock download CODE… | --fld_id N | --all --to DIR [options]
${command('', t(m.download))}
${column('  filedock api <group>/<op> [--<param> <value>]…', 51, t(m.api))}
${command('filedock api --help', t(m.apiHelp))}
${command('filedock accounts [--json]', t(m.accounts))}
${command('filedock watch DIR [options]', t(m.watch))}
${command('filedock verify DIR --fld_id N [options]', t(m.verify))}
${command('filedock <command> --help', t(m.commandHelp))}
  filedock --version

${t(m.whichAccount)}
${column('  --account NAME', 19, t(m.accountOption))}
${column(`  ${t(m.otherwise)}`, 19, `$${BASE_URL_ENV} (or --base-url URL) and $${API_KEY_ENV}`)}

${t(m.environment)}
${column(`  ${API_KEY_ENV}`, 21, t(m.keyEnv))}
${column(`  ${BASE_URL_ENV}`, 21, t(m.baseUrlEnv))}
${column(`  ${DATA_ENV}`, 21, t(m.dataEnv))}
${column('  FILEDOCK_DATA_DIR', 21, t(m.dataDirEnv))}
${column(`  ${KEYCHAIN_SERVICE_ENV}`, 29, t(m.keychainEnv))}

${t(m.exitCodes)}
${codes}

${t(m.streams)}
`
}

export function apiHelp(intl: IntlShape): string {
  const rows = operations
    .map((o) => `  ${String(o.id).padStart(2)}  ${usageOf(o)}\n        ${intl.formatMessage(o.summary)}`)
    .join('\n')
  return `${usageLine(intl, 'filedock api <group>/<op> [--<param> <value>]… [--account NAME | --base-url URL]')}

${intl.formatMessage(m.apiOperations, { keyEnv: `$${API_KEY_ENV}` })}
${rows}

${intl.formatMessage(m.apiResult)}
`
}

export function operationHelp(intl: IntlShape, op: OperationSpec): string {
  return `${usageOf(op)}   (${intl.formatMessage(op.summary)})`
}

/** "Usage: <syntax>", the syntax as typed. */
export function usageLine(intl: IntlShape, syntax: string): string {
  return intl.formatMessage(m.usageLine, { syntax })
}

/** The usage of the forms of one `filedock api` path (upload/url has two), each with its summary. */
export function operationsUsage(intl: IntlShape, ops: readonly OperationSpec[]): string {
  return ops
    .map((o, i) => {
      const syntax = `filedock api ${operationHelp(intl, o)}`
      return i === 0 ? usageLine(intl, syntax) : `   ${intl.formatMessage(m.or, { syntax })}`
    })
    .join('\n')
}

function queueOptions(intl: IntlShape): string {
  return optionsHelp(intl, [
    'fld_id',
    'account',
    'base-url',
    'concurrency',
    ['json', m.queueJson, { json: '{"linkPack", "format", "files"}' }],
    'format',
    'data',
    'retry-failed',
    'force',
    'offline-wait',
    'dry-run',
  ])
}

function queueNotes(intl: IntlShape): string {
  return `${intl.formatMessage(m.queueNotes, { baseUrlEnv: `$${BASE_URL_ENV}`, keyEnv: `$${API_KEY_ENV}` })}

${intl.formatMessage(m.queueOutput)}
`
}

export function uploadHelp(intl: IntlShape): string {
  return `${usageLine(intl, 'filedock upload PATH… [options]')}

${intl.formatMessage(m.uploadAbout)}

${intl.formatMessage(m.options)}
${queueOptions(intl)}

${queueNotes(intl)}`
}

export function remoteHelp(intl: IntlShape): string {
  return `${usageLine(intl, 'filedock remote URL… [options]')}

${intl.formatMessage(m.remoteAbout)}

${intl.formatMessage(m.remoteCheck)}

${intl.formatMessage(m.options)}
${queueOptions(intl)}
${optionsHelp(intl, ['allow-html', 'no-probe', 'fetch-timeout'])}

${queueNotes(intl)}`
}

export function downloadHelp(intl: IntlShape): string {
  return `${usageLine(intl, 'filedock download CODE… | --fld_id N | --all --to DIR [options]')}

${intl.formatMessage(m.downloadAbout)}

${intl.formatMessage(m.downloadResume)}

${intl.formatMessage(m.options)}
${optionsHelp(intl, [
  ['fld_id', m.downloadFolder],
  'all',
  'to',
  'on-conflict',
  'account',
  'base-url',
  'concurrency',
  'limit-rate',
  [
    'json',
    m.downloadJson,
    {
      line: '{"status": "downloaded" | "already here" | "failed",\n"code", "path", "size", "name", "reason"?}',
      summary: '{"downloaded", "alreadyHere", …}',
    },
  ],
  'data',
  ['retry-failed', m.downloadRetry],
  'offline-wait',
  ['dry-run', m.downloadDryRun],
])}

${intl.formatMessage(m.downloadOutput)}
`
}

export function watchHelp(intl: IntlShape): string {
  return `${usageLine(intl, 'filedock watch DIR [options]')}

${intl.formatMessage(m.watchAbout)}

${intl.formatMessage(m.options)}
${optionsHelp(intl, [
  'fld_id',
  'account',
  'base-url',
  'min-age',
  'done',
  ['json', m.watchJson, { line: '{"state":"done","relPath","fileCode","link","size",…}' }],
  ['data', m.watchData, { dataEnv: `$${DATA_ENV}` }],
])}

${intl.formatMessage(m.watchOutput, { line: 'relative/path<TAB>link' })}
`
}

export function accountsHelp(intl: IntlShape): string {
  return `${usageLine(intl, 'filedock accounts [--json]')}

${intl.formatMessage(m.accountsAbout)}
`
}

export function verifyHelp(intl: IntlShape): string {
  return `${usageLine(intl, 'filedock verify DIR --fld_id N [options]')}

${intl.formatMessage(m.verifyAbout)}

${intl.formatMessage(m.options)}
${optionsHelp(intl, [
  ['fld_id', m.verifyFolder],
  'account',
  'base-url',
  'full',
  'seed',
  [
    'json',
    m.verifyJson,
    { line: '{"relPath","status","fileCode","localSize","hostSize",\n"offset","bytesRead"}' },
  ],
])}

${intl.formatMessage(m.verifyExit, { code: exitCodes.mismatch })}
`
}
