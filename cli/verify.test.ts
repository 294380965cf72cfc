import { mkdtempSync } from 'node:fs'
import { rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../core/api/client.ts'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { createFolder, deleteFile } from '../sandbox/testing/api-calls.ts'
import { exitCodes } from './exit-codes.ts'
import { jsonLines, runCli, runHere } from './testing/cli-runner.ts'
import { hostClient, writeTree } from './testing/host.ts'

/** `filedock verify DIR --fld_id N`: the local folder against its copy on a sandbox host. */
const dir = mkdtempSync(join(tmpdir(), 'filedock-cli-verify-'))
let sandbox: SandboxHandle
let client: ApiClient
let fldId: number
const codes: Record<string, string> = {}

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox') })
  client = hostClient(sandbox.baseUrl, sandbox.apiKey)
  fldId = await createFolder(sandbox, 'backup')
  const sub = await createFolder(sandbox, 'sub', fldId)
  const files = { 'a.txt': 'alpha', 'sub/b.txt': 'bravo bravo', 'gone.txt': 'soon deleted' }
  await writeTree(join(dir, 'src'), files)
  for (const rel of Object.keys(files)) {
    const { fileCode } = await client.upload(join(dir, 'src', rel), {
      fileName: rel.split('/').pop() as string,
    })
    await client.fileSetFolder(fileCode, rel.startsWith('sub/') ? sub : fldId)
    codes[rel] = fileCode
  }
})

afterAll(async () => {
  await client.close()
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

const env = () => ({
  FILEDOCK_BASE_URL: sandbox.baseUrl,
  FILEDOCK_API_KEY: sandbox.apiKey,
  FILEDOCK_DATA_DIR: join(dir, 'app'),
  FILEDOCK_DATA: undefined,
})

describe('filedock verify', () => {
  it('exits 0 when every file is the same as its host copy', async () => {
    const run = await runHere(['verify', join(dir, 'src'), '--fld_id', String(fldId)], env())
    expect(run.stderr).toBe('')
    expect(run.code).toBe(exitCodes.ok)
    expect(run.stdout).toMatch(/^3 files: 3 same; .* read from the host\.\n$/)
  })

  it('as a process: one JSON line per file, exit 12 when one differs or is missing on the host', async () => {
    await writeFile(join(dir, 'src/sub/b.txt'), 'bravo BRAVO')
    await deleteFile(sandbox, codes['gone.txt'] as string)
    await writeFile(join(dir, 'src/new.txt'), 'new')
    const run = await runCli(['verify', join(dir, 'src'), '--fld_id', String(fldId), '--json'], env())
    expect(run.stderr).toBe('')
    expect(run.code).toBe(exitCodes.mismatch)
    const lines = Object.fromEntries(jsonLines(run.stdout).map((l) => [l.relPath, l]))
    expect(lines['a.txt']).toMatchObject({ status: 'same', fileCode: codes['a.txt'], bytesRead: 5 })
    expect(lines['sub/b.txt']).toMatchObject({ status: 'differs', offset: 6 })
    expect(lines['gone.txt']).toMatchObject({ status: 'missing', fileCode: codes['gone.txt'] })
    expect(lines['new.txt']).toMatchObject({ status: 'not-uploaded', fileCode: null })

    const human = await runHere(['verify', join(dir, 'src'), '--fld_id', String(fldId)], env())
    expect(human.code).toBe(exitCodes.mismatch)
    expect(human.stdout).toContain('sub/b.txt\tdiffers at byte 6\n')
    expect(human.stdout).toContain('gone.txt\tmissing on the host\n')
    expect(human.stdout).toContain('4 files: 1 same, 1 differ, 1 missing on the host, 1 not uploaded;')
  })

  it('refuses to run without --fld_id (usage, nothing read)', async () => {
    const run = await runHere(['verify', join(dir, 'src')], env())
    expect(run.code).toBe(exitCodes.usage)
    expect(run.stderr).toMatch(/--fld_id/)
  })
})
