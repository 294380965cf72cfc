import { appendFile, type FileHandle, open, readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { errorText } from '../../shared/i18n/error-text.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { JournalFile } from './journal.ts'
import { QueueStore } from './queue-store.ts'
import { type BatchRecord, FRESH_ITEM, type ItemRecord } from './records.ts'
import { removeDir, tempDir } from './testing/support.ts'

function batch(id: string): BatchRecord {
  return { id, kind: 'urls', accountIds: ['a'], createdAt: 1, finishedEmitted: false }
}

function item(id: string, batchId: string, seq: number): ItemRecord {
  return {
    id,
    seq,
    batchId,
    kind: 'url',
    accountId: 'a',
    baseFldId: 0,
    basePath: '',
    relDir: [],
    name: `${id}.bin`,
    source: `https://x.example/${id}.bin`,
    size: null,
    mtimeMs: null,
    ...FRESH_ITEM,
    addedAt: 1,
  }
}

describe('queue journal', () => {
  it('appends in call order and shares one sync among concurrent appends', async () => {
    const dir = await tempDir()
    const path = join(dir, 'j.jsonl')
    const { journal } = await JournalFile.open(path)
    await Promise.all(Array.from({ length: 50 }, (_, n) => journal.append([{ n }], n % 2 === 0)))
    await journal.close()
    const lines = (await readFile(path, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).n)
    expect(lines).toEqual(Array.from({ length: 50 }, (_, n) => n))
    await removeDir(dir)
  })

  it('replays changes, drops a torn last line and removed items, and compacts on open', async () => {
    const dir = await tempDir()
    const store = await QueueStore.open(dir)
    await store.addBatch(batch('b1'), [item('x', 'b1', store.takeSeq()), item('y', 'b1', store.takeSeq())])
    await store.addBatch(batch('b2'), [item('z', 'b2', store.takeSeq())])
    const x = store.item('x') as ItemRecord
    await store.patch(x, { state: 'done', fileCode: 'abc' })
    await store.patch(store.item('y') as ItemRecord, { sending: true, snapshot: ['old'] }, false)
    await store.remove(['z'])
    await store.close()
    // A crash in the middle of writing the next line.
    await appendFile(join(dir, 'queue.jsonl'), '{"t":"item","id":"y","patch":{"state":"fai')

    const again = await QueueStore.open(dir)
    expect([...again.items()].map((i) => i.id)).toEqual(['x', 'y'])
    expect(again.item('x')).toMatchObject({ state: 'done', fileCode: 'abc' })
    expect(again.item('y')).toMatchObject({ state: 'queued', sending: true, snapshot: ['old'] })
    expect([...again.batches()].map((b) => b.id)).toEqual(['b1'])
    expect(again.takeSeq()).toBeGreaterThan(2)
    await again.close()
    const lines = (await readFile(join(dir, 'queue.jsonl'), 'utf8')).trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0] as string).t).toBe('batch')
    await removeDir(dir)
  })

  it('reads a keychain error an earlier version kept, its key store named `label`, in the reader’s language', async () => {
    const dir = await tempDir()
    // As the queue kept an upload whose key was gone, before keychain messages took `{keyStore}`: getApiKey's
    // "Account …: {cause}" around the keychain's own message, whose values sat beside the account's.
    const error = {
      kind: 'keychain',
      message:
        'Account "Work": The key is missing from Secret Service. Enter the API key again to keep using this account.',
      messageId: 'errors.keychain.accountKey',
      values: {
        label: 'Secret Service',
        causeId: 'errors.keychain.keyMissing',
        cause: 'The key is missing from Secret Service. Enter the API key again to keep using this account.',
        account: 'Work',
      },
    }
    const old = { t: 'batch', batch: batch('b1'), items: [{ ...item('x', 'b1', 1), state: 'paused', error }] }
    await writeFile(join(dir, 'queue.jsonl'), `${JSON.stringify(old)}\n`)
    const store = await QueueStore.open(dir)
    const kept = store.item('x')?.error
    expect(kept?.values).toMatchObject({ keyStore: 'Secret Service' })
    expect(errorText(await intlFor('es'), kept ?? { kind: 'internal', message: 'not kept' })).toBe(
      'Cuenta "Work": Falta la clave en Secret Service. Introduce de nuevo la clave de API para seguir usando esta cuenta.',
    )
    await store.close()
    await removeDir(dir)
  })

  it('opens a new (empty) queue without compacting it: no temp file, no fsync', async () => {
    const dir = await tempDir()
    // FileHandle's prototype is shared by every handle: its sync (fsync) and datasync (fdatasync) count them all.
    const probe = await open(join(dir, 'probe'), 'w')
    const proto = Object.getPrototypeOf(probe) as FileHandle
    await probe.close()
    const fsyncs = vi.spyOn(proto, 'sync')
    const fdatasyncs = vi.spyOn(proto, 'datasync')
    try {
      const store = await QueueStore.open(join(dir, 'queue'))
      expect(fsyncs).not.toHaveBeenCalled()
      expect(fdatasyncs).not.toHaveBeenCalled()
      expect(await readdir(join(dir, 'queue'))).toEqual(['queue.jsonl'])
      // Still a working journal: what is added is there on reopen (and that reopen compacts as before).
      await store.addBatch(batch('b1'), [item('x', 'b1', store.takeSeq())])
      await store.close()
      fsyncs.mockClear()
      const again = await QueueStore.open(join(dir, 'queue'))
      expect(fsyncs).toHaveBeenCalled()
      expect([...again.items()].map((i) => i.id)).toEqual(['x'])
      await again.close()
    } finally {
      fsyncs.mockRestore()
      fdatasyncs.mockRestore()
      await removeDir(dir)
    }
  })

  it('compacts while running, so a long session does not grow the journal without end; reopen sees it all', async () => {
    const dir = await tempDir()
    const store = await QueueStore.open(dir, { compactAfterLines: 50 })
    await store.addBatch(batch('b1'), [item('x', 'b1', store.takeSeq()), item('y', 'b1', store.takeSeq())])
    const x = store.item('x') as ItemRecord
    const pending: Promise<void>[] = []
    // Progress notes and state changes, many not awaited, as the engine writes them.
    for (let n = 1; n <= 400; n++) pending.push(store.patch(x, { attempts: n }, n % 10 === 0))
    await store.patch(store.item('y') as ItemRecord, { state: 'done', fileCode: 'yyy' })
    await Promise.all(pending)
    const lines = (await readFile(join(dir, 'queue.jsonl'), 'utf8')).trim().split('\n')
    expect(lines.length).toBeLessThanOrEqual(52)
    await store.close()

    const again = await QueueStore.open(dir)
    expect(again.item('x')).toMatchObject({ attempts: 400 })
    expect(again.item('y')).toMatchObject({ state: 'done', fileCode: 'yyy' })
    await again.close()
    await removeDir(dir)
  })
})
