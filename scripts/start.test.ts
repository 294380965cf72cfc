import { spawnSync } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const script = join(import.meta.dirname, 'start.mjs')
let dir: string | undefined

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = undefined
})

/** A copy of start.mjs in a throwaway app folder whose node_modules/electron is what the test makes it. */
async function appWith(electron: Record<string, string> | null): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'filedock-start-'))
  await mkdir(join(dir, 'scripts'))
  await copyFile(script, join(dir, 'scripts', 'start.mjs'))
  // `npm run web` of this throwaway app only says it ran, with the arguments it was given.
  await writeFile(
    join(dir, 'scripts', 'web.mjs'),
    "console.log('BROWSER HOST', process.argv.slice(2).join(' '))",
  )
  const scripts = { web: 'node scripts/web.mjs' }
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'app', type: 'module', scripts }))
  if (electron !== null) {
    const pkg = join(dir, 'node_modules', 'electron')
    await mkdir(pkg, { recursive: true })
    for (const [name, text] of Object.entries(electron)) {
      await mkdir(join(pkg, name, '..'), { recursive: true })
      await writeFile(join(pkg, name), text)
    }
  }
  return dir
}

function run(app: string, fallback = false) {
  const env = { ...process.env }
  delete env.ELECTRON_OVERRIDE_DIST_PATH
  if (fallback) delete env.FILEDOCK_NO_WEB_FALLBACK
  else env.FILEDOCK_NO_WEB_FALLBACK = '1'
  return spawnSync(process.execPath, [join(app, 'scripts', 'start.mjs')], {
    encoding: 'utf8',
    env,
    timeout: 20_000,
  })
}

function expectOneLineRefusal(result: ReturnType<typeof run>, reason: string) {
  expect(result.status).toBe(1)
  expect(result.stdout).toBe('')
  const lines = result.stderr.trimEnd().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(
    /^Electron's binary is not installed on this machine \(.+\); run `npm run web` to use Filedock in your browser instead\.$/,
  )
  expect(lines[0]).toContain(reason)
}

describe('npm start without a usable Electron', () => {
  it('says so in one line naming `npm run web` when the binary was never downloaded (and does not try to)', async () => {
    const downloadMarker = 'DOWNLOAD ATTEMPTED'
    const app = await appWith({
      'package.json': '{"name":"electron","main":"index.js"}',
      'index.js': `console.log(${JSON.stringify(downloadMarker)}); throw new Error('Electron failed to install correctly.')`,
    })
    const result = run(app)
    expectOneLineRefusal(result, 'its download did not complete')
    expect(result.stdout + result.stderr).not.toContain(downloadMarker)
  })

  it('says so when the binary named in path.txt is missing', async () => {
    const app = await appWith({
      'package.json': '{"name":"electron","main":"index.js"}',
      'index.js': 'module.exports = "/nowhere/electron"',
      'path.txt': 'electron',
    })
    expectOneLineRefusal(run(app), 'is missing')
  })

  it('says so when electron itself throws while loading', async () => {
    const app = await appWith({
      'package.json': '{"name":"electron","main":"index.js"}',
      'index.js':
        'throw new Error("Electron failed to install correctly, please delete node_modules/electron.\\nmore")',
      'path.txt': 'electron',
      'dist/electron': '#!/bin/sh\n',
    })
    expectOneLineRefusal(
      run(app),
      'Electron failed to install correctly, please delete node_modules/electron',
    )
  })

  it('says so when the electron package is absent', async () => {
    expectOneLineRefusal(run(await appWith(null)), 'the electron package is not installed')
  })

  it('by default says so in one line and runs the browser host instead, passing its arguments on', async () => {
    const app = await appWith(null)
    // As from a terminal: without the npm_* settings and NODE_OPTIONS of the npx/vitest run around this test.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(
        ([k]) => !/^npm_|^NODE_OPTIONS$|^FILEDOCK_NO_WEB_FALLBACK$/i.test(k),
      ),
    )
    const result = spawnSync(process.execPath, [join(app, 'scripts', 'start.mjs'), '--port', '4567'], {
      encoding: 'utf8',
      env,
      cwd: app,
      timeout: 20_000,
    })
    expect(result.status).toBe(0)
    const lines = result.stderr.trimEnd().split('\n')
    expect(lines[0]).toMatch(
      /^Electron's binary is not installed on this machine \(the electron package is not installed\); starting the browser host instead: `npm run web`/,
    )
    expect(result.stdout).toContain('BROWSER HOST')
    expect(result.stdout).toContain('--open --port 4567')
    // --no-open reaches the host as given, and no --open is added.
    const quiet = spawnSync(process.execPath, [join(app, 'scripts', 'start.mjs'), '--no-open'], {
      encoding: 'utf8',
      env,
      cwd: app,
      timeout: 20_000,
    })
    expect(quiet.stdout).toContain('BROWSER HOST --no-open')
    expect(quiet.stdout).not.toContain('--open ')
  })
})
