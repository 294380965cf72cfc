import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import { servedRanges, upload } from '../../sandbox/testing/api-calls.ts'
import { ApiClient } from '../api/client.ts'
import { PreviewReader } from './preview-reader.ts'

let dir: string
let sandbox: SandboxHandle
let client: ApiClient
let code: string
const content = Array.from({ length: 5000 }, (_, i) => `line ${i} of the preview sample\n`).join('')

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-preview-'))
  sandbox = await startSandbox({ dataDir: join(dir, 'data') })
  client = new ApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
  code = await upload(sandbox, 'notes.txt', content)
})

afterAll(async () => {
  await client.close()
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

afterEach(() => {
  vi.restoreAllMocks()
  sandbox.setFaults({ ignoreRangeRate: 0, directLinkTtlSec: 6 * 3600 })
})

const readerOf = () => new PreviewReader(async () => ({ accountId: 'a', client }))
const text = (base64: string) => Buffer.from(base64, 'base64').toString('utf8')

describe('PreviewReader', () => {
  it('reads ranges of a file through one direct link, as ranged GETs the file server answers with 206', async () => {
    const links = vi.spyOn(client, 'directLink')
    const reader = readerOf()
    await servedRanges(sandbox, { clear: true })
    const first = await reader.read(undefined, code, 0, 1000)
    const middle = await reader.read(undefined, code, 60_000, 2000)
    expect(text(first.base64)).toBe(content.slice(0, 1000))
    expect(text(middle.base64)).toBe(content.slice(60_000, 62_000))
    expect(first.total).toBe(content.length)
    // The end of the file gives what is there; past it, nothing.
    const tail = await reader.read(undefined, code, content.length - 10, 1000)
    expect(text(tail.base64)).toBe(content.slice(-10))
    expect(await reader.read(undefined, code, content.length + 5, 10)).toEqual({
      base64: '',
      total: content.length,
    })
    expect(links).toHaveBeenCalledTimes(1)
    const served = (await servedRanges(sandbox, { codes: [code] })).files[code] ?? []
    expect(served.map((r) => [r.range, r.status])).toEqual([
      ['bytes=0-999', 206],
      ['bytes=60000-61999', 206],
      [`bytes=${content.length - 10}-${content.length + 989}`, 206],
      [`bytes=${content.length + 5}-${content.length + 14}`, 416],
    ])
  })

  it('asks for a fresh link once when the file server says the link has expired', async () => {
    // Only the clock is fake (the sandbox runs in this process and reads it too); timers and sockets are real.
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      sandbox.setFaults({ directLinkTtlSec: 60 })
      const links = vi.spyOn(client, 'directLink')
      const reader = readerOf()
      await reader.read(undefined, code, 0, 10)
      // Two minutes on, the kept link has expired for the file server, and the reader still holds it.
      vi.setSystemTime(Date.now() + 120_000)
      await servedRanges(sandbox, { clear: true })
      expect(text((await reader.read(undefined, code, 10, 10)).base64)).toBe(content.slice(10, 20))
      expect(links).toHaveBeenCalledTimes(2)
      const served = (await servedRanges(sandbox, { codes: [code] })).files[code] ?? []
      expect(served.map((r) => r.status)).toEqual([403, 206])
    } finally {
      vi.useRealTimers()
    }
  })

  it('reads the start of a file from a host that ignores Range, and says so for a range further on', async () => {
    sandbox.setFaults({ ignoreRangeRate: 1 })
    const reader = readerOf()
    expect(text((await reader.read(undefined, code, 0, 100)).base64)).toBe(content.slice(0, 100))
    await expect(reader.read(undefined, code, 500, 100)).rejects.toMatchObject({
      kind: 'server',
      message: expect.stringContaining('only the start of a file can be previewed'),
    })
  })
})
