import { execFile } from 'node:child_process'
import { chmod, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { scanPaths } from './scan.ts'
import { makeTempDir, problemKinds, put, relPaths, removeTempDir } from './scan-test-support.ts'
import type { ScanResult } from './scan-types.ts'

// Permission bits do not stop root (CAP_DAC_OVERRIDE), and CI runs as root. So, as root, the scan runs in a
// child process that has dropped to the unprivileged `nobody` user (uid/gid 65534): the same code, the same real
// EACCES from the kernel. As any other user it runs in-process.
const NOBODY = 65534
const isRoot = process.getuid?.() === 0
const child = fileURLToPath(new URL('./scan-test-child.ts', import.meta.url))
const repo = fileURLToPath(new URL('../..', import.meta.url))

async function scanAsUnprivileged(paths: string[]): Promise<ScanResult> {
  if (!isRoot) return scanPaths(paths)
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', child, ...paths], {
    cwd: repo,
    uid: NOBODY,
    gid: NOBODY,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/tmp' },
  })
  return JSON.parse(stdout) as ScanResult
}

let dir: string
beforeEach(async () => {
  dir = await makeTempDir()
  await chmod(dir, 0o755) // mkdtemp makes it 0700; the unprivileged child must be able to enter it
})
afterEach(async () => {
  await removeTempDir(dir)
})

it('unreadable: a file and a folder the user may not read are reported; the rest is queued', async () => {
  await put(dir, 'locked/secret.txt', 'secret')
  await put(dir, 'locked/open.txt', 'open')
  await mkdir(join(dir, 'locked/closed-folder'))
  await put(dir, 'locked/closed-folder/inside.txt')
  const given = await put(dir, 'given-secret.txt', 'x')
  await chmod(join(dir, 'locked/secret.txt'), 0o000)
  await chmod(join(dir, 'locked/closed-folder'), 0o000)
  await chmod(given, 0o000)

  const result = await scanAsUnprivileged([join(dir, 'locked'), given])
  expect(relPaths(result)).toEqual(['locked/open.txt'])
  expect(problemKinds(result)).toEqual([
    ['unreadable', given],
    ['unreadable', join(dir, 'locked/closed-folder')],
    ['unreadable', join(dir, 'locked/secret.txt')],
  ])
  expect(result.problems[0]?.message).toMatch(/not allowed to read this file \(EACCES\)/)
  expect(result.problems[1]?.message).toMatch(/not allowed to read this folder \(EACCES\)/)
  expect(result.folders).toEqual([['locked']])
})
