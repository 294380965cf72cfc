import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { electronBindingPath } from '../core/index/native-binding.ts'

const root = join(import.meta.dirname, '..')
const script = join(root, 'scripts', 'build-sqlite-electron.mjs')

it('plans an Electron build of SQLite outside node_modules/better-sqlite3/build, where the app loads it from', () => {
  const result = spawnSync(
    process.execPath,
    [script, '--dry-run', '--electron-version', '99.1.0', '--arch', 'arm64'],
    {
      encoding: 'utf8',
    },
  )
  expect(result.status, result.stderr).toBe(0)
  const plan = JSON.parse(result.stdout)
  // The file the script writes is exactly the one core/index/native-binding.ts picks under Electron 99.1.0.
  expect(plan.out).toBe(electronBindingPath(root, '99.1.0'))
  expect(plan.copy.to).not.toContain(join('node_modules', 'better-sqlite3'))
  expect(plan.attempts.map((a: { args: string[] }) => a.args.slice(0, 2))).toEqual([
    [expect.stringMatching(/prebuild-install[/\\]bin\.js$/), '--runtime=electron'],
    [expect.stringMatching(/node-gyp[/\\]bin[/\\]node-gyp\.js$/), 'rebuild'],
  ])
  for (const a of plan.attempts)
    expect(a.args).toEqual(expect.arrayContaining(['--target=99.1.0', '--arch=arm64']))
  // A dry run changes nothing.
  expect(existsSync(join(root, 'native', 'electron-99.1.0'))).toBe(false)
  expect(existsSync(join(root, 'native', '.build', 'electron-99.1.0-arm64'))).toBe(false)
})

it('plans only the compile with --from-source, against the headers of --dist-url', () => {
  const result = spawnSync(
    process.execPath,
    [
      script,
      '--dry-run',
      '--electron-version',
      '99.1.0',
      '--from-source',
      '--dist-url',
      'http://mirror.example/h',
    ],
    { encoding: 'utf8' },
  )
  expect(result.status, result.stderr).toBe(0)
  const { attempts } = JSON.parse(result.stdout)
  expect(attempts).toHaveLength(1)
  expect(attempts[0].args).toEqual(
    expect.arrayContaining(['rebuild', '--runtime=electron', '--dist-url=http://mirror.example/h']),
  )
})

it('refuses unknown options with a usage error instead of building something else', () => {
  const result = spawnSync(process.execPath, [script, '--electron', '1'], { encoding: 'utf8' })
  expect(result.status).not.toBe(0)
  expect(result.stderr).toMatch(/Unknown option/)
})
