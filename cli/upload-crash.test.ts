import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../core/api/client.ts'
import { jsonLines, runCli, startCli } from './testing/cli-runner.ts'
import { allFiles, hostClient, writeTree } from './testing/host.ts'
import { type SandboxProcess, startSandboxProcess } from './testing/sandbox-process.ts'

const FILES = 40
let dir: string
let sandbox: SandboxProcess
let client: ApiClient

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-cli-crash-'))
  // Latency on every request stretches the run, so the signals land mid-upload and between files. The sandbox
  // runs in a process of its own and is killed at the end rather than closed: a close waits for every request in
  // flight, and an upload whose client was SIGKILLed during the latency delay never ends there (the upload route
  // listens for the request's 'close' only after the delay, when it has already happened).
  sandbox = await startSandboxProcess(['--data', join(dir, 'sandbox'), '--fault-latency', '25'])
  client = hostClient(sandbox.baseUrl, sandbox.apiKey)
  const files: Record<string, Buffer> = {}
  for (let i = 0; i < FILES; i++) files[`batch/d${i % 4}/f${i}.bin`] = randomBytes(10_000 + i * 500)
  await writeTree(join(dir, 'src'), files)
})

afterAll(async () => {
  await client.close()
  await sandbox.kill()
  await rm(dir, { recursive: true, force: true })
})

describe('an upload interrupted by Ctrl-C and kill -9', () => {
  it('finishes on the next runs with the same --data: every file on the host exactly once', async () => {
    const env = {
      FILEDOCK_BASE_URL: sandbox.baseUrl,
      FILEDOCK_API_KEY: sandbox.apiKey,
      FILEDOCK_DATA_DIR: join(dir, 'app'),
      FILEDOCK_DATA: join(dir, 'queue-state'),
    }
    // Ctrl-C once the first file is done: a clean stop, exit 130, the rest stays queued.
    const first = startCli(['upload', join(dir, 'src', 'batch'), '--json'], env)
    await first.stdoutHas('"state":"done"')
    first.child.kill('SIGINT')
    const stopped = await first.done
    expect(stopped.code, stopped.stderr).toBe(130)
    expect(stopped.stderr).toMatch(/stopped; \d+ uploads? stays? in the queue/)

    // Then SIGKILLs at random moments of runs that only resume (no paths).
    let kills = 0
    for (let round = 0; round < 2; round++) {
      const run = startCli(['upload', '--json'], env)
      await run.stdoutHas('"state":"done"')
      await new Promise((r) => setTimeout(r, Math.random() * 300))
      if (run.child.exitCode === null && run.child.kill('SIGKILL')) kills++
      const end = await run.done
      if (end.code === 0) break
      expect(end.signal).toBe('SIGKILL')
    }
    expect(kills).toBeGreaterThanOrEqual(1)

    const last = await runCli(['upload', '--json'], env)
    expect(last.code, last.stderr).toBe(0)
    // The batch's link pack lists every file, also those finished by the runs before.
    const pack = jsonLines(last.stdout).at(-1) as { linkPack: string; files: number }
    expect(pack.files).toBe(FILES)

    const onHost = await allFiles(client)
    const names = onHost.map((f) => f.name).sort()
    expect(names).toEqual(Array.from({ length: FILES }, (_, i) => `f${i}.bin`).sort())
    expect(pack.linkPack.split('\n').sort()).toEqual(
      onHost.map((f) => `${sandbox.baseUrl}/${f.fileCode}`).sort(),
    )
    const batch = (await client.folderList(0)).folders.filter((f) => f.name === 'batch')
    expect(batch).toHaveLength(1)
    const sub = await client.folderList(batch[0]?.fldId as number)
    expect(sub.folders.map((f) => f.name).sort()).toEqual(['d0', 'd1', 'd2', 'd3'])
  }, 120_000)
})
