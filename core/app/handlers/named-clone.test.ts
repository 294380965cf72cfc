import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SandboxHandle, startSandbox } from '../../../sandbox/server.ts'
import type { AppSettings } from '../../../shared/ipc/settings.ts'
import { ApiClient } from '../../api/client.ts'
import { createDispatcher } from '../../ipc/dispatcher.ts'
import { type Core, createCore } from '../create-core.ts'
import { MemorySecretStore } from '../testing/memory-secret-store.ts'

let dir: string
let sandbox: SandboxHandle
let core: Core
let client: ApiClient

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-clone-'))
  sandbox = await startSandbox({ dataDir: join(dir, 'host'), seedFiles: 0 })
  core = await createCore({
    dataDir: join(dir, 'app'),
    host: 'web',
    version: '0.1.0-test',
    secretStore: new MemorySecretStore(),
    log: () => undefined,
  })
  client = new ApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
  await core.accounts.add({ label: 'Host', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
})

afterAll(async () => {
  await client.close()
  await core.dispose()
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

async function put(name: string): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, `content of ${name}`)
  return (await client.upload(path, { fileName: name })).fileCode
}

async function namesOnHost(): Promise<string[]> {
  return (await client.fileList({ perPage: 1000 })).files.map((f) => f.name).sort()
}

describe('files.clone names the copy', () => {
  const dispatcher = () => createDispatcher(core.handlers)
  const clone = async (fileCode: string) => {
    const result = await dispatcher().dispatch('files.clone', { fileCode })
    if (!result.ok) throw new Error(result.error.message)
    return result.value as { fileCode: string }
  }

  it('"name (copy).ext", then "(copy 2)", also when two clones are asked at once', async () => {
    const code = await put('report.pdf')
    await Promise.all([clone(code), clone(code)])
    expect(await namesOnHost()).toEqual(['report (copy 2).pdf', 'report (copy).pdf', 'report.pdf'])
    // A copy of a copy counts on from the original's name.
    const copy = (await client.fileList({ name: 'report (copy).pdf' })).files[0]
    await clone(copy?.fileCode ?? '')
    expect(await namesOnHost()).toContain('report (copy 3).pdf')
  })

  it('keeps the original name when the setting says so', async () => {
    const code = await put('notes.txt')
    const saved = await dispatcher().dispatch('settings.update', { cloneNames: 'same' })
    expect(saved.ok && (saved.value as AppSettings).cloneNames).toBe('same')
    const copy = await clone(code)
    const list = await client.fileList({ perPage: 100, name: 'notes' })
    expect(list.files.map((f) => f.name)).toEqual(['notes.txt', 'notes.txt'])
    expect(list.files.map((f) => f.fileCode)).toContain(copy.fileCode)
    await dispatcher().dispatch('settings.update', { cloneNames: 'copy' })
  })

  it('a file that is gone is a clear error, and no copy is made', async () => {
    const code = await put('gone.bin')
    await fetch(`${sandbox.baseUrl}/sandbox/file/delete?key=${sandbox.apiKey}&file_code=${code}`)
    const before = await namesOnHost()
    const result = await dispatcher().dispatch('files.clone', { fileCode: code })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.error.message).toMatch(/no longer on the host/)
    expect(await namesOnHost()).toEqual(before)
  })
})
