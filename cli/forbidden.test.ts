import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exitCodes } from './exit-codes.ts'
import { runCli } from './testing/cli-runner.ts'
import { type SandboxProcess, startSandboxProcess } from './testing/sandbox-process.ts'

// A host that switched operations off for the API, started as users start it (`--disallow`), and the real CLI.
let dir: string
let host: SandboxProcess

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-cli-forbidden-'))
  host = await startSandboxProcess(['--data', join(dir, 'host'), '--disallow', 'file/list,file/clone'])
  await writeFile(join(dir, 'a.txt'), 'hello a')
})

afterAll(async () => {
  await host.kill()
  await rm(dir, { recursive: true, force: true })
})

const env = () => ({
  FILEDOCK_BASE_URL: host.baseUrl,
  FILEDOCK_API_KEY: host.apiKey,
  FILEDOCK_DATA_DIR: join(dir, 'app'),
  FILEDOCK_DATA: join(dir, 'queue'),
})

describe('an action the host does not allow for the key', () => {
  it('exits with its own code (not the rejected-key one) and says so in user words, every time', async () => {
    for (let run = 0; run < 2; run++) {
      const r = await runCli(['api', 'file/list'], env())
      expect(r.code).toBe(exitCodes.forbidden)
      expect(r.stderr).toMatch(/does not allow listing files with this API key/)
      expect(r.stderr).toContain('This function not allowed in API')
      expect(r.stderr).not.toMatch(/rejected the API key/)
      expect(r.stdout).toBe('')
    }
    const info = await runCli(['api', 'account/info'], env())
    expect(info.code).toBe(0)
  })

  it('an upload the host cannot be asked about fails that file in user words, without a rejected-key pause', async () => {
    const r = await runCli(['upload', join(dir, 'a.txt'), '--offline-wait', '2'], env())
    expect(r.stderr).not.toMatch(/rejected the API key|fix the key/)
    // The engine checks for an earlier copy (file/list) before sending: that file fails, the run goes on.
    expect(r.code).toBe(exitCodes.partial)
    expect(r.stderr).toMatch(/a\.txt: The host does not allow listing files with this API key/)
  })

  it('documents the code in --help', async () => {
    const r = await runCli(['--help'], env())
    expect(r.stdout).toMatch(/\b10\s+the key works, but the host does not allow this action/)
  })
})
