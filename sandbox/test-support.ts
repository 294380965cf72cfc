import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import type { SandboxHandle, SandboxOptions } from './server.ts'
import { startSandbox } from './server.ts'

/** Helpers shared by the sandbox tests: a sandbox on port 0 in a temp dir, and typed-enough API calls. */

// biome-ignore lint/suspicious/noExplicitAny: tests inspect raw JSON of every shape
export type Json = any

export interface TestSandbox {
  sb: SandboxHandle
  dir: string
  /** GET /api/<op> with the default key unless params carry their own `key`. */
  api(op: string, params?: Record<string, string | number>): Promise<Json>
  upload(files: { name: string; data: string | Buffer }[], key?: string): Promise<Json>
  stop(): Promise<void>
}

export async function tempDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'filedock-sandbox-'))
}

export async function openSandbox(opts: Partial<SandboxOptions> = {}, dir?: string): Promise<TestSandbox> {
  const dataDir = dir ?? (await tempDir())
  const sb = await startSandbox({ dataDir, port: 0, ...opts })
  const api = async (op: string, params: Record<string, string | number> = {}) => {
    const q = new URLSearchParams({ key: sb.apiKey })
    for (const [k, v] of Object.entries(params)) q.set(k, String(v))
    const res = await fetch(`${sb.baseUrl}/api/${op}?${q}`)
    return res.json()
  }
  const upload = async (files: { name: string; data: string | Buffer }[], key = sb.apiKey) => {
    const server = await getJson(`${sb.baseUrl}/api/upload/server?key=${key}`)
    return postForm(server.result, server.sess_id, files)
  }
  const stop = async () => {
    await sb.close()
    if (!dir) await rm(dataDir, { recursive: true, force: true })
  }
  return { sb, dir: dataDir, api, upload, stop }
}

/**
 * One sandbox for all the tests of a file: started before them, stopped (its data folder removed) after them.
 * The object is filled in before the first test runs; read it inside the tests.
 */
export function sandboxForAll(opts: Partial<SandboxOptions> = {}): TestSandbox {
  const t = {} as TestSandbox
  beforeAll(async () => {
    Object.assign(t, await openSandbox(opts))
  })
  afterAll(() => t.stop?.())
  return t
}

/** Makes temp data folders for the tests of a file (several starts on one folder), all removed after them. */
export function tempDirsForAll(): () => Promise<string> {
  const dirs: string[] = []
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true })
  })
  return async () => {
    const dir = await tempDir()
    dirs.push(dir)
    return dir
  }
}

export async function getJson(url: string): Promise<Json> {
  return (await fetch(url)).json()
}

/** The upload form of op 4, as a browser sends it: sess_id and utype first, then file_0, file_1, … */
export async function postForm(
  uploadUrl: string,
  sessId: string,
  files: { name: string; data: string | Buffer }[],
): Promise<Json> {
  const form = new FormData()
  form.append('sess_id', sessId)
  form.append('utype', 'prem')
  files.forEach((f, i) => {
    form.append(`file_${i}`, new Blob([typeof f.data === 'string' ? f.data : new Uint8Array(f.data)]), f.name)
  })
  const res = await fetch(uploadUrl, { method: 'POST', body: form })
  return res.json()
}

/** A raw request, for what fetch cannot send (chunked bodies) or hides (exact bytes of a cut answer). */
export function rawRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: Buffer | string; chunked?: boolean } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; error?: Error }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers ?? {} }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      const done = (error?: Error) =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ...(error ? { error } : {}),
        })
      res.on('end', () => done())
      res.on('error', (err) => done(err))
      res.on('aborted', () => done(new Error('aborted')))
    })
    req.on('error', reject)
    if (opts.chunked) req.setHeader('Transfer-Encoding', 'chunked')
    if (opts.body !== undefined) req.write(opts.body)
    req.end()
  })
}

export interface SocketAnswer {
  status: number
  headers: Record<string, string>
  body: Buffer
  /** The socket's error code when it ended by one (ECONNRESET for a reset), else null: a clean close. */
  error: string | null
}

/**
 * A request over a bare TCP socket (`Connection: close`), read until the server closes: shows exactly how an
 * answer ends, a clean close (FIN) or a reset (RST), and every byte that came before, which HTTP clients hide.
 */
export function socketRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string> } = {},
): Promise<SocketAnswer> {
  const u = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect(Number(u.port), u.hostname)
    const chunks: Buffer[] = []
    let error: string | null = null
    socket.on('data', (c: Buffer) => chunks.push(c))
    socket.on('error', (err: NodeJS.ErrnoException) => {
      error = err.code ?? err.message
    })
    socket.on('close', () => {
      const raw = Buffer.concat(chunks)
      const split = raw.indexOf('\r\n\r\n')
      const [statusLine = '', ...lines] = raw
        .subarray(0, split < 0 ? raw.length : split)
        .toString('latin1')
        .split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of lines) {
        const colon = line.indexOf(':')
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
      }
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body: split < 0 ? Buffer.alloc(0) : raw.subarray(split + 4),
        error,
      })
    })
    const extra = Object.entries(opts.headers ?? {}).map(([k, v]) => `${k}: ${v}\r\n`)
    socket.write(
      `${opts.method ?? 'GET'} ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nConnection: close\r\n${extra.join('')}\r\n`,
    )
  })
}

export const timestampRe = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/
export const codeRe = /^[a-z0-9]{12}$/
export const decimal5Re = /^\d+\.\d{5}$/

/** The success envelope: integer status 200, msg, server_time timestamp. */
export function expectOk(body: Json, msg = 'OK'): void {
  expect(body.status).toBe(200)
  expect(body.msg).toBe(msg)
  expect(body.server_time).toMatch(timestampRe)
}

/** The error envelope with its integer status and a message. */
export function expectError(body: Json, status: number, msg?: string | RegExp): void {
  expect(body.status).toBe(status)
  expect(typeof body.msg).toBe('string')
  if (msg !== undefined) expect(body.msg).toMatch(msg)
  expect(body.server_time).toMatch(timestampRe)
  expect(body).not.toHaveProperty('result')
}

/** Polls until check returns a value (or fails after timeoutMs). */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error('waitFor: timed out')
    await new Promise((r) => setTimeout(r, 50))
  }
}
