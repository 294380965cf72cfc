import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { intlFor } from '../core/i18n/main-intl.ts'
import { createEventBus } from '../core/ipc/event-bus.ts'
import { echoHandlers } from '../core/ipc/testing/contract-samples.ts'
import type { FiledockError } from '../shared/errors.ts'
import { errorText } from '../shared/i18n/error-text.ts'
import type { AppEvent } from '../shared/ipc/events.ts'
import { stagePath } from '../shared/ipc/staging.ts'
import { stagedAnswerSchema } from '../shared/ipc/staging-schemas.ts'
import { startWebHost, type WebHost } from './server.ts'
import { StagingArea } from './staging-area.ts'

let dataDir: string
let rendererDir: string
let host: WebHost
let staging: StagingArea
const ID = 'c0ffee00-1111-4222-8333-444455556666'

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'filedock-stage-data-'))
  rendererDir = await mkdtemp(join(tmpdir(), 'filedock-stage-renderer-'))
  staging = new StagingArea(dataDir)
  host = await startWebHost({
    core: { handlers: echoHandlers(), events: createEventBus<AppEvent>(), staging },
    rendererDir,
    log: () => undefined,
  })
})

afterAll(async () => {
  await host.close()
  await rm(dataDir, { recursive: true, force: true })
  await rm(rendererDir, { recursive: true, force: true })
})

interface Answer {
  status: number
  body: string
}

const auth = () => ({
  cookie: `filedock_token_${host.port}=${host.token}`,
  origin: `http://127.0.0.1:${host.port}`,
})

/** Sends `chunks` one by one (a stream, not one buffer); `cut` destroys the request after them. */
function put(
  path: string,
  chunks: Buffer[],
  headers: Record<string, string> = auth(),
  o: { method?: string; length?: number; cut?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const length = o.length ?? chunks.reduce((n, c) => n + c.length, 0)
    const req = request(
      {
        host: '127.0.0.1',
        port: host.port,
        path,
        method: o.method ?? 'PUT',
        headers: { host: `127.0.0.1:${host.port}`, 'content-length': String(length), ...headers },
      },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => {
          body += c
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', (error) => (o.cut ? resolve({ status: 0, body: '' }) : reject(error)))
    const write = async () => {
      for (const chunk of chunks) {
        if (!req.write(chunk)) await new Promise((r) => req.once('drain', r))
      }
      if (o.cut) setTimeout(() => req.destroy(), 50)
      else req.end()
    }
    void write()
  })
}

async function everything(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[])
  return entries.map(String).sort()
}

describe('PUT /stage/<id>/<path>', () => {
  it('refuses a request without the token, or without our Origin, and writes nothing', async () => {
    const body = [Buffer.from('hello')]
    const { cookie, origin } = auth()
    expect((await put(`/stage/${ID}/a.txt`, body, { origin })).status).toBe(401)
    expect((await put(`/stage/${ID}/a.txt`, body, {})).status).toBe(403)
    expect((await put(`/stage/${ID}/a.txt`, body, { cookie })).status).toBe(403)
    expect((await put(`/stage/${ID}/a.txt`, body, { cookie, origin: 'https://evil.example' })).status).toBe(
      403,
    )
    expect((await put(`/stage/${ID}/a.txt?token=wrong`, body, { origin })).status).toBe(401)
    expect(await everything(dataDir)).toEqual([])
  })

  it('refuses every path that could leave the staging folder', async () => {
    const body = [Buffer.from('x')]
    for (const path of [
      `/stage/${ID}/../escaped.txt`,
      `/stage/${ID}/%2e%2e/escaped.txt`,
      `/stage/${ID}/sub/%2E%2E/%2e%2e/escaped.txt`,
      `/stage/${ID}/a%2F..%2F..%2Fescaped.txt`,
      `/stage/${ID}/..%5C..%5Cescaped.txt`,
      `/stage/${ID}/./a.txt`,
      `/stage/${ID}//a.txt`,
      `/stage/${ID}/nul%00.txt`,
      `/stage/${ID}/bad%zzcoding`,
      `/stage/${ID}/${'n'.repeat(256)}`,
      `/stage/../${ID}/a.txt`,
      `/stage/%2e%2e/a.txt`,
      '/stage/short/a.txt',
      `/stage/${ID}`,
    ]) {
      const answer = await put(path, body)
      expect(answer.status, path).toBe(400)
    }
    expect(await everything(dataDir)).toEqual([])
  })

  it('answers other methods with 405', async () => {
    expect((await put(`/stage/${ID}/a.txt`, [], auth(), { method: 'POST' })).status).toBe(405)
    expect((await put(`/stage/${ID}/a.txt`, [], auth(), { method: 'DELETE' })).status).toBe(405)
  })

  it('streams the bytes to disk intact and answers the top-level entry to queue', async () => {
    const chunks = Array.from({ length: 40 }, () => randomBytes(128 * 1024))
    const answer = await put(`/stage/${ID}/Holiday%20photos/2024/beach%20%E5%86%99%E7%9C%9F.bin`, chunks)
    expect(answer.status).toBe(201)
    const top = join(dataDir, 'staging', ID, 'Holiday photos')
    expect(stagedAnswerSchema.parse(JSON.parse(answer.body))).toEqual({ top })
    const landed = await readFile(join(top, '2024', 'beach 写真.bin'))
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')
    expect(landed.length).toBe(40 * 128 * 1024)
    expect(sha(landed)).toBe(sha(Buffer.concat(chunks)))

    const empty = await put(`/stage/${ID}/empty.txt`, [])
    expect(empty.status).toBe(201)
    expect((await stat(join(dataDir, 'staging', ID, 'empty.txt'))).size).toBe(0)
  })

  it("lands every name the page sends exactly as dropped, through the page's own path builder", async () => {
    const id = 'feed0000-1111-4222-8333-444455556666'
    for (const relPath of [
      '100% done #1?.txt',
      'a b/c&d=e+f.txt',
      'Ünïcödé/写真 (1).jpg',
      'quote\'n"dquote.txt',
    ]) {
      const answer = await put(stagePath({ stagingId: id, relPath, folder: false }), [Buffer.from(relPath)])
      expect(answer.status, relPath).toBe(201)
      const top = join(dataDir, 'staging', id, relPath.split('/')[0] as string)
      expect(stagedAnswerSchema.parse(JSON.parse(answer.body))).toEqual({ top })
      expect(await readFile(join(dataDir, 'staging', id, ...relPath.split('/')), 'utf8')).toBe(relPath)
    }
    // The same file sent again (a re-drop with the same staging id) replaces it whole, never appends.
    const again = await put(stagePath({ stagingId: id, relPath: 'a b/c&d=e+f.txt', folder: false }), [
      Buffer.from('v2'),
    ])
    expect(again.status).toBe(201)
    expect(await readFile(join(dataDir, 'staging', id, 'a b', 'c&d=e+f.txt'), 'utf8')).toBe('v2')
  })

  it('makes a folder for a path ending in /', async () => {
    const answer = await put(`/stage/${ID}/Holiday%20photos/empty%20album/`, [])
    expect(answer.status).toBe(201)
    expect((await stat(join(dataDir, 'staging', ID, 'Holiday photos', 'empty album'))).isDirectory()).toBe(
      true,
    )
  })

  it('leaves nothing behind when an upload is cut short', async () => {
    const id = 'cafe0000-1111-4222-8333-444455556666'
    await put(`/stage/${id}/cut.bin`, [randomBytes(64 * 1024)], auth(), {
      length: 10 * 1024 * 1024,
      cut: true,
    })
    // The server notices the reset on its side; give it the moment it needs.
    await expect.poll(() => everything(join(dataDir, 'staging', id)), { timeout: 20_000 }).toEqual([])
  })
})

describe('the staging area in the reader’s language', () => {
  it('refuses a staging id that is not one, in Turkish', async () => {
    let error: FiledockError | null = null
    try {
      staging.folderOf('../elsewhere')
    } catch (e) {
      error = e as FiledockError
    }
    expect(error?.message).toBe('Not a staging id (8–64 letters, digits, - or _).')
    expect(errorText(await intlFor('tr'), error as FiledockError)).toBe(
      'Geçerli bir hazırlık kimliği değil (8–64 harf, rakam, - veya _).',
    )
  })
})
