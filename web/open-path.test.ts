import { spawn } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPathOpener, openPathCommand } from './open-path.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-open-path-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A stand-in `xdg-open` first on PATH that writes down what it was handed, and the opener using it. */
async function openerWithStandIn(env: Record<string, string>) {
  const opened = join(dir, 'opened.txt')
  const bin = join(dir, 'bin')
  await mkdir(bin)
  await writeFile(join(bin, 'xdg-open'), `#!/bin/sh\nprintf '%s' "$1" > ${JSON.stringify(opened)}\n`)
  await chmod(join(bin, 'xdg-open'), 0o755)
  const logged: string[] = []
  const open = createPathOpener({
    env: { PATH: `${bin}:${process.env.PATH ?? ''}`, ...env },
    platform: 'linux',
    spawn,
    log: (line) => logged.push(line),
  })
  const handed = () => readFile(opened, 'utf8').catch(() => null)
  return { open, handed, logged, opened }
}

describe('a finished download shown or opened by the browser host', () => {
  it.runIf(process.platform === 'linux')(
    "hands xdg-open the file to open, and the file's folder (or the folder itself) to show",
    async () => {
      const file = join(dir, 'report & co.pdf')
      await writeFile(file, 'x')
      const { open, handed, opened } = await openerWithStandIn({ DISPLAY: ':99' })
      for (const [path, how, expected] of [
        [file, 'open', file],
        [file, 'folder', dir],
        [dir, 'folder', dir],
      ] as const) {
        await rm(opened, { force: true })
        await open(path, how)
        await expect.poll(handed, { timeout: 10_000, interval: 50 }).toBe(expected)
      }
    },
    20_000,
  )

  it.runIf(process.platform === 'linux')('refuses with the reason: no screen, or no opener', async () => {
    const file = join(dir, 'a.txt')
    await writeFile(file, 'x')
    const headless = await openerWithStandIn({})
    await expect(headless.open(file, 'open')).rejects.toMatchObject({
      kind: 'not_found',
      message:
        'Nothing can be opened on this computer: there is no display (DISPLAY and WAYLAND_DISPLAY are unset).',
    })
    await new Promise((r) => setTimeout(r, 200))
    expect(await headless.handed()).toBeNull()
    const none = createPathOpener({
      env: { DISPLAY: ':99', PATH: dir },
      platform: 'linux',
      spawn,
      log: () => {},
    })
    await expect(none(file, 'open')).rejects.toMatchObject({
      kind: 'not_found',
      message: expect.stringContaining('xdg-open is not available here'),
    })
  })

  it("uses each platform's own way to select a file in its folder", () => {
    const win = 'C:\\Users\\me\\Downloads\\Filedock\\a & b.pdf'
    expect(openPathCommand(win, 'folder', 'win32', false)).toEqual({
      command: 'explorer',
      args: [`/select,${win}`],
    })
    expect(openPathCommand(win, 'open', 'win32', false)).toEqual({ command: 'explorer', args: [win] })
    expect(openPathCommand('/Users/me/a.pdf', 'folder', 'darwin', false)).toEqual({
      command: 'open',
      args: ['-R', '/Users/me/a.pdf'],
    })
    expect(openPathCommand('/Users/me/a.pdf', 'open', 'darwin', false)).toEqual({
      command: 'open',
      args: ['/Users/me/a.pdf'],
    })
    expect(openPathCommand('/home/me/dl', 'folder', 'linux', true)).toEqual({
      command: 'xdg-open',
      args: ['/home/me/dl'],
    })
  })
})
