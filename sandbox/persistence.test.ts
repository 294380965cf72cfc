import { type ChildProcess, spawn } from 'node:child_process'
import { appendFile, readFile } from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { describe, expect, it } from 'vitest'
import { startSandbox } from './server.ts'
import type { Json } from './test-support.ts'
import { getJson, openSandbox, postForm, tempDirsForAll } from './test-support.ts'

const newDir = tempDirsForAll()

describe('persistence', () => {
  it('a restart on the same data dir keeps the key, files, folders, renames, moves, deletions and counters', async () => {
    const dir = await newDir()
    const a = await openSandbox({}, dir)
    const [kept, gone] = await a.upload([
      { name: 'kept.txt', data: 'kept content' },
      { name: 'gone.txt', data: 'gone' },
    ])
    const fld = (await a.api('folder/create', { parent_id: 0, name: 'Folder A' })).result.fld_id
    await a.api('folder/rename', { fld_id: fld, name: 'Folder B' })
    await a.api('file/rename', { file_code: kept.file_code, name: 'renamed.txt' })
    await a.api('file/set_folder', { file_code: kept.file_code, fld_id: fld })
    await getJson(`${a.sb.baseUrl}/sandbox/file/delete?key=${a.sb.apiKey}&file_code=${gone.file_code}`)
    const link = await a.api('file/direct_link', { file_code: kept.file_code })
    await (await fetch(link.result.url)).arrayBuffer()
    const { apiKey: otherKey } = await a.sb.createAccount('second@example.com')
    const key = a.sb.apiKey
    await a.stop()

    const b = await openSandbox({}, dir)
    try {
      expect(b.sb.apiKey).toBe(key)
      const info = (await b.api('file/info', { file_code: kept.file_code })).result[0]
      expect([info.name, info.size, info.downloads]).toEqual(['renamed.txt', 12, 1])
      const folder = await b.api('folder/list', { fld_id: fld })
      expect(folder.result.files.map((f: Json) => f.file_code)).toEqual([kept.file_code])
      expect((await b.api('folder/list')).result.folders).toEqual([
        { fld_id: fld, code: null, name: 'Folder B' },
      ])
      expect((await b.api('files/deleted')).result.map((f: Json) => f.file_code)).toEqual([gone.file_code])
      expect((await b.api('account/info', { key: otherKey })).result.email).toBe('second@example.com')
      // A direct link issued before the restart still works (it is signed, not stored).
      expect(await (await fetch(link.result.url.replace(a.sb.baseUrl, b.sb.baseUrl))).text()).toBe(
        'kept content',
      )
      // New ids never collide with old ones.
      const fld2 = (await b.api('folder/create', { parent_id: 0, name: 'after' })).result.fld_id
      expect(fld2).toBeGreaterThan(fld)
    } finally {
      await b.stop()
    }
  })

  it('upload sessions survive a restart', async () => {
    const dir = await newDir()
    const a = await openSandbox({}, dir)
    const server = await a.api('upload/server')
    await a.stop()
    const b = await openSandbox({}, dir)
    try {
      const url = server.result.replace(a.sb.baseUrl, b.sb.baseUrl)
      const [row] = await postForm(url, server.sess_id, [{ name: 'late.txt', data: 'late' }])
      expect(row.file_status).toBe('OK')
    } finally {
      await b.stop()
    }
  })

  it('drops a half-written last journal line and keeps appending after it', async () => {
    const dir = await newDir()
    const a = await openSandbox({}, dir)
    const [row] = await a.upload([{ name: 'one.txt', data: '1' }])
    await a.stop()
    await appendFile(path.join(dir, 'journal.jsonl'), '{"t":"file","code":"abc')
    const b = await openSandbox({}, dir)
    const [row2] = await b.upload([{ name: 'two.txt', data: '2' }])
    await b.stop()
    const journal = await readFile(path.join(dir, 'journal.jsonl'), 'utf8')
    expect(journal.endsWith('\n')).toBe(true)
    for (const line of journal.trimEnd().split('\n')) JSON.parse(line)
    const c = await openSandbox({}, dir)
    try {
      const codes = (await c.api('file/list')).result.files.map((f: Json) => f.file_code)
      expect(codes).toEqual([row2.file_code, row.file_code])
    } finally {
      await c.stop()
    }
  })

  it('refuses a second sandbox on a data dir in use', async () => {
    const dir = await newDir()
    const a = await openSandbox({}, dir)
    await expect(startSandbox({ dataDir: dir })).rejects.toThrow(/in use/)
    await a.stop()
  })
})

/**
 * Starts sandbox/main.ts as `npm run sandbox` does (tsx), but in a single process (`node --import tsx`): the
 * `tsx` launcher would run the server in a child of its own, which a SIGKILL of the launcher leaves running.
 */
function startChild(
  dir: string,
): Promise<{ child: ChildProcess; ready: { baseUrl: string; apiKey: string } }> {
  const args = ['--import', 'tsx', 'sandbox/main.ts', '--data', dir, '--port', '0']
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString()
  })
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
    lines.once('line', (line) => resolve({ child, ready: JSON.parse(line) }))
    child.once('exit', (code) => reject(new Error(`sandbox exited early with ${code}: ${stderr}`)))
  })
}

describe('the CLI process', () => {
  it('prints one JSON line; what it acknowledged survives kill -9', async () => {
    const dir = await newDir()
    const first = await startChild(dir)
    const { baseUrl, apiKey } = first.ready
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const server = await getJson(`${baseUrl}/api/upload/server?key=${apiKey}`)
    const [row] = await postForm(server.result, server.sess_id, [
      { name: 'survivor.txt', data: 'still here' },
    ])
    const fld = (await getJson(`${baseUrl}/api/folder/create?key=${apiKey}&parent_id=0&name=kept`)).result
      .fld_id
    const exited = new Promise((r) => first.child.once('exit', r))
    first.child.kill('SIGKILL')
    await exited

    const second = await startChild(dir)
    try {
      expect(second.ready.apiKey).toBe(apiKey)
      const base = second.ready.baseUrl
      const info = await getJson(`${base}/api/file/info?key=${apiKey}&file_code=${row.file_code}`)
      expect(info.result[0]).toMatchObject({ name: 'survivor.txt', size: 10, status: 200 })
      const link = await getJson(`${base}/api/file/direct_link?key=${apiKey}&file_code=${row.file_code}`)
      expect(await (await fetch(link.result.url)).text()).toBe('still here')
      const root = await getJson(`${base}/api/folder/list?key=${apiKey}`)
      expect(root.result.folders).toEqual([{ fld_id: fld, code: null, name: 'kept' }])
    } finally {
      const exited2 = new Promise<number | null>((r) => second.child.once('exit', r))
      second.child.kill('SIGTERM')
      expect(await exited2).toBe(0)
    }
  })
})
