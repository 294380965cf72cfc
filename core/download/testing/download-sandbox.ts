import { createHash, randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, mkdtemp, open, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { noFaults } from '../../../sandbox/faults.ts'
import { type SandboxHandle, startSandbox } from '../../../sandbox/server.ts'
import { ApiClient } from '../../api/client.ts'
import { TokenBucket } from '../../queue/throttle.ts'
import type { DownloadFileOptions } from '../download-file.ts'

/**
 * A sandbox host and a client for the tests of one file, a temp folder for their downloads, and files uploaded
 * with known bytes (their SHA-256 is what a download must end with).
 */
export interface DownloadSandbox {
  sandbox: SandboxHandle
  client: ApiClient
  /** A folder of the test file's own, removed after it. */
  dir: string
  /** Uploads `bytes` (random when a number) as `name`; returns its code and SHA-256. */
  upload(name: string, bytes: Buffer | number): Promise<{ code: string; sha: string; size: number }>
  /** Uploads a sparse file of `size` zero bytes (costs no memory here); returns its code. */
  uploadSparse(name: string, size: number): Promise<string>
  /** A fresh folder under `dir`. */
  folder(): Promise<string>
  /** Options for downloadFile of `code` into `dir`, a fresh link per call, no bandwidth limit. */
  options(code: string, size: number, dir: string, extra?: Partial<DownloadFileOptions>): DownloadFileOptions
}

export function downloadSandboxForAll(): DownloadSandbox {
  const t = {} as DownloadSandbox
  let folders = 0
  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'filedock-download-'))
    const sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), faults: noFaults })
    const client = new ApiClient({
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
      retryPolicy: { baseDelayMs: 5, maxDelayMs: 20 },
    })
    Object.assign(t, {
      sandbox,
      client,
      dir,
      async upload(name: string, content: Buffer | number) {
        const bytes = typeof content === 'number' ? randomBytes(content) : content
        const file = join(dir, `upload-${name}`)
        await writeFile(file, bytes)
        const { fileCode } = await client.upload(file, { fileName: name })
        await rm(file)
        return { code: fileCode, sha: sha256(bytes), size: bytes.length }
      },
      async uploadSparse(name: string, size: number) {
        const file = join(dir, `upload-${name}`)
        const fh = await open(file, 'w')
        await fh.truncate(size)
        await fh.close()
        const { fileCode } = await client.upload(file, { fileName: name })
        await rm(file)
        return fileCode
      },
      async folder() {
        const f = join(dir, `dl-${++folders}`)
        await mkdir(f, { recursive: true })
        return f
      },
      options(code: string, size: number, into: string, extra: Partial<DownloadFileOptions> = {}) {
        return {
          dir: into,
          localName: `file-${code}.bin`,
          fileCode: code,
          size,
          link: () => client.directLink(code),
          server: client,
          bucket: new TokenBucket(null),
          onProgress: () => {},
          signal: new AbortController().signal,
          onConflict: 'rename',
          ...extra,
        } satisfies DownloadFileOptions
      },
    })
  })
  afterAll(async () => {
    await t.client?.close()
    await t.sandbox?.close()
    if (t.dir) await rm(t.dir, { recursive: true, force: true })
  })
  return t
}

export function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** A file's SHA-256, read as a stream (files here may be 1 GiB). */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
