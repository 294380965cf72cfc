import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import type { AccountView } from '../../shared/accounts.ts'
import type { EnqueueResult } from '../../shared/queue.ts'
import { uploadRig } from './testing/upload-rig.ts'

let sandbox: SandboxHandle
let sandboxDir: string
let src: string
const cleanup: Array<() => Promise<void>> = []

beforeAll(async () => {
  sandboxDir = await mkdtemp(join(tmpdir(), 'filedock-units-host-'))
  sandbox = await startSandbox({ dataDir: sandboxDir, seedFiles: 0 })
  src = await mkdtemp(join(tmpdir(), 'filedock-units-src-'))
  await writeFile(join(src, 'two-k.bin'), Buffer.alloc(2048, 1))
  await writeFile(join(src, 'ten-k.bin'), Buffer.alloc(10_000, 2))
})

afterAll(async () => {
  await sandbox.close()
  await rm(sandboxDir, { recursive: true, force: true })
  await rm(src, { recursive: true, force: true })
})

afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo()
})

describe('sizes main writes follow the size unit setting', () => {
  it('the plain link pack counts in KiB under the binary setting and in KB by default', async () => {
    const r = await uploadRig(sandbox, cleanup)
    await r.call('settings.update', { linkFormat: 'plain', sizeUnits: 'binary' })
    const first = await r.call<EnqueueResult>('queue.enqueuePaths', {
      paths: [join(src, 'two-k.bin')],
      targets: [{ accountId: r.account.id, fldId: 0 }],
    })
    const binary = await r.next('links.ready', (e) => e.batchId === first.batchId)
    expect(binary.text).toMatch(/^two-k\.bin \(2\.0 KiB\) — http/)

    // The history's "copy links" makes the same pack on demand, in the setting of that moment.
    await r.call('settings.update', { sizeUnits: 'decimal' })
    const pack = await r.call<string>('links.pack', { batchId: first.batchId, format: 'plain' })
    expect(pack).toMatch(/^two-k\.bin \(2\.0 KB\) — http/)
  })

  it('the not-enough-storage message counts in the units of the setting when the drop is made', async () => {
    const small = await sandbox.createAccount('small@sandbox.local', { quotaBytes: 5000 })
    const r = await uploadRig(sandbox, cleanup)
    const account = await r.call<AccountView>('accounts.add', {
      label: 'Small',
      baseUrl: sandbox.baseUrl,
      apiKey: small.apiKey,
    })
    const drop = { paths: [join(src, 'ten-k.bin')], targets: [{ accountId: account.id, fldId: 0 }] }

    await r.call('settings.update', { sizeUnits: 'binary' })
    const binary = await r.call<EnqueueResult>('queue.enqueuePaths', drop)
    expect(binary.accepted).toBe(0)
    expect(binary.problems[0]?.message).toContain('9.8 KiB to upload (queued uploads included), 4.9 KiB left')

    // Refused, nothing was queued: the same drop again after the switch says the same in decimal units.
    await r.call('settings.update', { sizeUnits: 'decimal' })
    const decimal = await r.call<EnqueueResult>('queue.enqueuePaths', drop)
    expect(decimal.accepted).toBe(0)
    expect(decimal.problems[0]?.message).toContain('10 KB to upload (queued uploads included), 5.0 KB left')
  })

  it('a speed limit of 1 KB/s, the smallest one typed in decimal units, is taken; less is refused in bytes', async () => {
    const r = await uploadRig(sandbox, cleanup)
    await r.call('queue.setBandwidthLimit', { bytesPerSec: 1000 })
    expect(
      (await r.call<{ bandwidthBytesPerSec: number | null }>('queue.snapshot')).bandwidthBytesPerSec,
    ).toBe(1000)
    await expect(r.call('queue.setBandwidthLimit', { bytesPerSec: 999 })).rejects.toThrow(
      'The speed limit must be at least 1,000 bytes a second',
    )
    // Refused, the limit in force stays.
    expect(
      (await r.call<{ bandwidthBytesPerSec: number | null }>('queue.snapshot')).bandwidthBytesPerSec,
    ).toBe(1000)
  })
})
