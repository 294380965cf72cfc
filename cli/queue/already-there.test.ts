import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../core/api/client.ts'
import { jsonLines, runCli, startCli } from '../testing/cli-runner.ts'
import { allFiles, hostClient, treeOf, writeTree } from '../testing/host.ts'
import { type SandboxProcess, startSandboxProcess } from '../testing/sandbox-process.ts'

/** Deterministic "random" moments (mulberry32): a failing run can be replayed with the same seed. */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

let dir: string
let sandbox: SandboxProcess
let client: ApiClient

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-cli-there-'))
  // Latency stretches each run, so the kills land before, between and during uploads.
  sandbox = await startSandboxProcess(['--data', join(dir, 'sandbox'), '--fault-latency', '15'])
  client = hostClient(sandbox.baseUrl, sandbox.apiKey)
})

afterAll(async () => {
  await client.close()
  await sandbox.kill()
  await rm(dir, { recursive: true, force: true })
})

/** A fresh folder on the host and a local tree of `n` files to upload into it. */
async function setUp(
  name: string,
  n: number,
): Promise<{ src: string; fld: string; env: Record<string, string> }> {
  const src = join(dir, name)
  const files: Record<string, Buffer> = {}
  for (let i = 0; i < n; i++) files[`photos/d${i % 3}/p${i}.jpg`] = randomBytes(2_000 + i * 300)
  await writeTree(src, files)
  const { fldId } = await client.folderCreate(name)
  const env = {
    FILEDOCK_BASE_URL: sandbox.baseUrl,
    FILEDOCK_API_KEY: sandbox.apiKey,
    FILEDOCK_DATA_DIR: join(dir, `${name}-app`),
    FILEDOCK_DATA: join(dir, `${name}-data`),
  }
  return { src: join(src, 'photos'), fld: String(fldId), env }
}

/** The tree under the folder: `path/` per folder, `path` per file (twice for a file stored twice), sorted. */
async function onHost(fld: string): Promise<string[]> {
  return treeOf(client, Number(fld))
}

describe('filedock upload skips what is already there', () => {
  it('the same command three times: each file once, and the later runs list the same links', async () => {
    const { src, fld, env } = await setUp('thrice', 12)
    const runs = []
    for (let i = 0; i < 3; i++) {
      const r = await runCli(['upload', src, '--fld_id', fld, '--json'], env)
      expect(r.code, r.stderr).toBe(0)
      runs.push(jsonLines(r.stdout))
    }
    const [first, second, third] = runs.map((lines) => ({
      items: lines.filter((l) => l.state === 'done'),
      pack: lines.at(-1) as { linkPack: string; files: number },
    }))
    expect(first?.items).toHaveLength(12)
    expect(first?.items.every((l) => l.alreadyThere === undefined)).toBe(true)
    for (const later of [second, third]) {
      expect(later?.items).toHaveLength(12)
      expect(later?.items.every((l) => l.alreadyThere === true)).toBe(true)
      expect(later?.pack.linkPack).toBe(first?.pack.linkPack)
    }
    const tree = await onHost(fld)
    expect(tree.filter((p) => p.endsWith('.jpg'))).toHaveLength(12)
    expect(new Set(tree).size).toBe(tree.length)
    expect(tree.filter((p) => p === 'photos/')).toHaveLength(1)
  }, 60_000)

  it('a file added since is the only one sent; --force sends all of them again', async () => {
    const { src, fld, env } = await setUp('added', 6)
    expect((await runCli(['upload', src, '--fld_id', fld], env)).code).toBe(0)
    await writeFile(join(src, 'd1', 'new.jpg'), randomBytes(1234))
    // A file changed since (same name, other size) is a different file: it is sent too.
    await writeFile(join(src, 'd0', 'p0.jpg'), randomBytes(999))
    const r = await runCli(['upload', src, '--fld_id', fld, '--json'], env)
    expect(r.code, r.stderr).toBe(0)
    const sent = jsonLines(r.stdout).filter((l) => l.state === 'done' && l.alreadyThere === undefined)
    expect(sent.map((l) => l.relPath).sort()).toEqual(['photos/d0/p0.jpg', 'photos/d1/new.jpg'])
    expect(r.stderr).toContain('5 files were already there')
    expect((await onHost(fld)).filter((p) => p.endsWith('.jpg'))).toHaveLength(8)

    const forced = await runCli(['upload', src, '--fld_id', fld, '--json', '--force'], env)
    expect(forced.code, forced.stderr).toBe(0)
    const again = jsonLines(forced.stdout).filter((l) => l.state === 'done')
    expect(again).toHaveLength(7)
    expect(again.every((l) => l.alreadyThere === undefined)).toBe(true)
    const files = await onHost(fld)
    expect(files.filter((p) => p.endsWith('.jpg'))).toHaveLength(15)
  }, 60_000)

  it('ten kills at random moments, each followed by the same command: each file once', async () => {
    const { src, fld, env } = await setUp('killed', 30)
    const random = seeded(20261123)
    // Slow the host for this test, so every run is still uploading when its kill comes however fast the machine
    // is (at 15 ms a quiet machine finished 30 files before most kills, and the test proved nothing).
    const setLatency = (ms: number) =>
      fetch(`${sandbox.baseUrl}/sandbox/faults?key=${sandbox.apiKey}&latency_ms=${ms}`).then((r) => r.text())
    await setLatency(150)
    let kills = 0
    for (let round = 0; round < 10; round++) {
      const run = startCli(['upload', src, '--fld_id', fld, '--json'], env)
      // From right after start (scanning, enqueueing) to well into the uploads.
      await new Promise((r) => setTimeout(r, 150 + random() * 900))
      if (run.child.exitCode === null && run.child.kill('SIGKILL')) kills++
      await run.done
    }
    await setLatency(15)
    expect(kills).toBeGreaterThanOrEqual(8)
    const last = await runCli(['upload', src, '--fld_id', fld, '--json'], env)
    expect(last.code, last.stderr).toBe(0)
    const pack = jsonLines(last.stdout).at(-1) as { linkPack: string; files: number }
    const host = await allFiles(client)
    const tree = await onHost(fld)
    const jpgs = tree.filter((p) => p.endsWith('.jpg'))
    expect(jpgs).toHaveLength(30)
    expect(new Set(jpgs).size).toBe(30)
    // The last run's pack lists every file once, by the codes the host holds.
    const links = new Set(host.map((f) => `${sandbox.baseUrl}/${f.fileCode}`))
    expect(pack.files).toBe(30)
    const packed = pack.linkPack.split('\n')
    expect(new Set(packed).size).toBe(packed.length)
    for (const l of packed) expect(links.has(l)).toBe(true)
  }, 180_000)
})
