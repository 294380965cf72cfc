import { mkdtempSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { englishIntl } from '../core/i18n/intl-for.ts'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { formatBar } from './queue/progress-bar.ts'
import { cliSizeUnits } from './size-units.ts'
import { runHere } from './testing/cli-runner.ts'

/** The CLI prints sizes in the app's unit setting, so a terminal and the window count a file alike. */
const dir = mkdtempSync(join(tmpdir(), 'filedock-cli-units-'))
let sandbox: SandboxHandle

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox') })
  await writeFile(join(dir, 'big.bin'), Buffer.alloc(3 * 1024, 7))
})

afterAll(async () => {
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

async function appDir(name: string, settings: string | null): Promise<string> {
  const app = join(dir, name)
  await mkdir(app, { recursive: true })
  if (settings !== null) await writeFile(join(app, 'settings.json'), settings)
  return app
}

describe('the CLI follows the app’s size unit setting', () => {
  it('reads binary from the app’s settings; decimal without them or from a damaged file', async () => {
    const env = (app: string) => ({ FILEDOCK_DATA_DIR: app })
    expect(cliSizeUnits(env(await appDir('binary', '{"sizeUnits":"binary"}')))).toBe('binary')
    expect(cliSizeUnits(env(await appDir('decimal', '{"sizeUnits":"decimal"}')))).toBe('decimal')
    expect(cliSizeUnits(env(await appDir('none', null)))).toBe('decimal')
    expect(cliSizeUnits(env(await appDir('damaged', '{"sizeUnits":')))).toBe('decimal')
    expect(cliSizeUnits(env(await appDir('unknown', '{"sizeUnits":"furlongs"}')))).toBe('decimal')
  })

  it('filedock upload --dry-run counts 3,072 bytes as 3.0 KiB under binary and 3.1 KB by default', async () => {
    const run = async (app: string) =>
      runHere(['upload', join(dir, 'big.bin'), '--dry-run', '--data', join(app, 'cli-data')], {
        FILEDOCK_BASE_URL: sandbox.baseUrl,
        FILEDOCK_API_KEY: sandbox.apiKey,
        FILEDOCK_DATA_DIR: app,
        FILEDOCK_DATA: undefined,
      })
    const binary = await run(await appDir('run-binary', '{"sizeUnits":"binary"}'))
    expect(binary.stdout, binary.stderr).toContain('big.bin  (3.0 KiB)')
    const decimal = await run(await appDir('run-default', null))
    expect(decimal.stdout, decimal.stderr).toContain('big.bin  (3.1 KB)')
  })

  it('the progress line counts in the same units', () => {
    const state = {
      files: 1,
      done: 0,
      failed: 0,
      totalBytes: 2 * 1024 ** 2,
      doneBytes: 1024 ** 2,
      bytesPerSec: 512 * 1024,
      etaSec: 2,
    }
    expect(formatBar(state, 100, englishIntl, 'binary')).toContain('1.0 MiB / 2.0 MiB  512 KiB/s')
    expect(formatBar(state, 100, englishIntl)).toContain('1.0 MB / 2.1 MB  524 KB/s')
  })
})
