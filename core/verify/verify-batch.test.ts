import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { noFaults } from '../../sandbox/faults.ts'
import { type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import type { BatchVerifyFile } from '../../shared/verify.ts'
import { ApiClient } from '../api/client.ts'
import { type BatchMember, verifyBatch } from './verify-batch.ts'

/** A history batch verified against a real sandbox host, with real local files. */
let sandbox: SandboxHandle
let client: ApiClient
let root: string

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'filedock-verify-batch-'))
  sandbox = await startSandbox({ dataDir: join(root, 'sandbox'), faults: noFaults })
  client = new ApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
})
afterAll(async () => {
  await client?.close()
  await sandbox?.close()
  await rm(root, { recursive: true, force: true })
})

/** A local file uploaded to the host; its history record as the batch holds it. */
async function uploadedFile(name: string, over: Partial<BatchMember['entry']> = {}): Promise<BatchMember> {
  const localPath = join(root, name)
  await writeFile(localPath, `bytes of ${name}\n`.repeat(100))
  const { fileCode } = await client.upload(localPath, { fileName: name })
  return {
    entry: {
      id: `id-${name}`,
      accountId: 'acc',
      accountLabel: 'Main',
      relPath: name,
      fileCode,
      localPath,
      size: 0,
      ...over,
    },
  }
}

const statuses = (files: BatchVerifyFile[]) => files.map((f) => [f.relPath, f.status])

describe('verifyBatch', () => {
  it('answers records it cannot verify without reading a byte, and verifies the others through the one comparer', async () => {
    const same = await uploadedFile('same.txt')
    // A record of an older version: no local path.
    const { localPath: _, ...old } = (await uploadedFile('old.txt')).entry
    // The browser host's staged copy of a drop: its path is not the user's file.
    const staged = await uploadedFile('staged.txt')
    // A file of the batch that never went up (it failed in the queue).
    const failed = await uploadedFile('failed.txt')
    const reported: string[] = []
    const files = await verifyBatch({
      members: [same, { entry: old }, staged, { ...failed, notUploaded: true }],
      clientFor: async () => client,
      sourceKept: (path) => path !== staged.entry.localPath,
      onResult: (f) => reported.push(f.relPath),
    })
    expect(statuses(files)).toEqual([
      ['same.txt', 'same'],
      ['old.txt', 'source-unknown'],
      ['staged.txt', 'source-unknown'],
      ['failed.txt', 'not-uploaded'],
    ])
    expect(files[1]).toMatchObject({
      localPath: null,
      bytesRead: 0,
      entryId: 'id-old.txt',
      accountLabel: 'Main',
    })
    expect(files[3]?.fileCode).toBeNull()
    expect(files[0]?.bytesRead).toBe(files[0]?.hostSize)
    expect(reported.sort()).toEqual(['failed.txt', 'old.txt', 'same.txt', 'staged.txt'])
  })

  it('stops at once when cancelled, with the reason it was given', async () => {
    const same = await uploadedFile('cancelled.txt')
    const control = new AbortController()
    control.abort(Object.assign(new Error('stop'), { kind: 'cancelled' }))
    await expect(
      verifyBatch({ members: [same], clientFor: async () => client, signal: control.signal }),
    ).rejects.toMatchObject({ kind: 'cancelled' })
  })
})
