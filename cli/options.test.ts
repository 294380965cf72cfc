import type { MessageDescriptor } from '@formatjs/intl'
import { describe, expect, it } from 'vitest'
import { englishIntl } from '../core/i18n/intl-for.ts'
import { accountsHelp, remoteHelp, uploadHelp, watchHelp } from './help.ts'
import { cliOptions, HELP_VALUES, optionsHelp } from './options.ts'
import { runHere } from './testing/cli-runner.ts'

// No host is needed: every case below is refused (or answered) before an account is looked at.
const env = { FILEDOCK_BASE_URL: 'http://127.0.0.1:9', FILEDOCK_API_KEY: 'k-options-test' }
const commands = [
  { name: 'upload', args: ['upload', 'a.txt'], help: uploadHelp },
  { name: 'remote', args: ['remote', 'https://example.invalid/a'], help: remoteHelp },
  { name: 'watch', args: ['watch', '.'], help: watchHelp },
]

describe('one option parser for upload, remote and watch', () => {
  it.each(commands)('$name reads the shared options with the same words', async ({ args }) => {
    for (const [flags, message] of [
      [['--fld_id=-1'], 'filedock: --fld_id must be 0 or more (0 is the root folder).\n'],
      [['--fld_id', 'twelve'], 'filedock: --fld_id must be a whole number, not "twelve".\n'],
      [['--data', ' '], 'filedock: --data needs a folder.\n'],
    ] as const) {
      const r = await runHere([...args, ...flags], env)
      expect(r.code).toBe(2)
      expect(r.stderr).toBe(message)
    }
  })

  it.each(commands)(
    '$name refuses an unknown option with its own help, and prints that help for --help and -h',
    async ({ args, help }) => {
      const r = await runHere([...args, '--colour'], env)
      expect(r.code).toBe(2)
      expect(r.stderr.split('\n')[0]).toBe(
        'filedock: Unknown option "--colour". An argument that starts with a dash goes after --, as in: -- --colour',
      )
      expect(r.stderr).toContain(`\n${help(englishIntl)}`)
      for (const flag of ['--help', '-h']) {
        const h = await runHere([args[0] as string, flag], env)
        expect(h.code).toBe(0)
        expect(h.stdout).toBe(help(englishIntl))
      }
    },
  )

  it("words node's refusals of the command line itself, naming the option as typed, with the command's help", async () => {
    for (const [args, line, help] of [
      [['upload', 'a.txt', '--account'], 'filedock: --account needs a value.', uploadHelp],
      [
        ['upload', 'a.txt', '--fld_id', '-1'],
        'filedock: --fld_id needs a value; one that starts with a dash is written --fld_id=-1.',
        uploadHelp,
      ],
      [['upload', 'a.txt', '--json=yes'], 'filedock: --json takes no value.', uploadHelp],
      [
        ['upload', '-x.txt'],
        'filedock: Unknown option "-x". An argument that starts with a dash goes after --, as in: -- -x',
        uploadHelp,
      ],
      [['accounts', '--colour'], 'filedock: Unknown option "--colour".', accountsHelp],
      [
        ['accounts', 'extra'],
        'filedock: Unexpected argument "extra": this command takes only options.',
        accountsHelp,
      ],
    ] as const) {
      const r = await runHere([...args], env)
      expect(r.code, r.stderr).toBe(2)
      expect(r.stderr).toBe(`${line}\n${help(englishIntl)}\n`)
    }
    // `api` reads its operation's parameters the same way, followed by the operation's usage.
    const api = await runHere(['api', 'account/info', '--colour'], env)
    expect(api.code).toBe(2)
    expect(api.stderr).toMatch(/^filedock: Unknown option "--colour"\.\nUsage: filedock api account\/info/)
  })

  it('each command shows an option with the line the option table gives it', () => {
    for (const name of ['fld_id', 'account', 'base-url'] as const) {
      const line = optionsHelp(englishIntl, [name])
      const help: MessageDescriptor = cliOptions[name].help
      expect(line).toContain(englishIntl.formatMessage(help, HELP_VALUES))
      for (const { help } of commands) expect(help(englishIntl)).toContain(line)
    }
    // A line that wraps continues under the text, not under the option.
    expect(optionsHelp(englishIntl, ['force']).split('\n')[1]).toMatch(/^ {22}\(by default/)
  })
})
