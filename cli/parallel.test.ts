import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../core/api/client.ts'
import { runCli, startCli } from './testing/cli-runner.ts'
import { allFiles, hostClient, writeTree } from './testing/host.ts'
import { type SandboxProcess, startSandboxProcess } from './testing/sandbox-process.ts'

// Runs of one user at the same moment, on the default state folder (no --data): the app's data folder.
const PER_RUN = 12
let dir: string
let host: SandboxProcess
let client: ApiClient

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-cli-parallel-'))
  // Latency stretches each run, so the two overlap and a kill lands mid-way.
  host = await startSandboxProcess(['--data', join(dir, 'host'), '--fault-latency', '20'])
  client = hostClient(host.baseUrl, host.apiKey)
  const files: Record<string, Buffer> = {}
  for (const set of ['one', 'two', 'three', 'four', 'five']) {
    for (let i = 0; i < PER_RUN; i++) files[`${set}/${set}-${i}.bin`] = randomBytes(5_000 + i * 100)
  }
  await writeTree(join(dir, 'src'), files)
})

afterAll(async () => {
  await client.close()
  await host.kill()
  await rm(dir, { recursive: true, force: true })
})

const env = (app: string) => ({
  FILEDOCK_BASE_URL: host.baseUrl,
  FILEDOCK_API_KEY: host.apiKey,
  FILEDOCK_DATA_DIR: join(dir, app),
  FILEDOCK_DATA: undefined,
})

const names = async (prefix: string) =>
  (await allFiles(client))
    .map((f) => f.name)
    .filter((n) => n.startsWith(`${prefix}-`))
    .sort()
const expected = (prefix: string) => Array.from({ length: PER_RUN }, (_, i) => `${prefix}-${i}.bin`).sort()

describe('parallel runs of filedock upload', () => {
  it('two runs started together both finish, every file on the host once', async () => {
    const a = startCli(['upload', join(dir, 'src', 'one'), '--json'], env('app-a'))
    const b = startCli(['upload', join(dir, 'src', 'two'), '--json'], env('app-a'))
    const [ra, rb] = await Promise.all([a.done, b.done])
    expect(ra.code, ra.stderr).toBe(0)
    expect(rb.code, rb.stderr).toBe(0)
    expect(await names('one')).toEqual(expected('one'))
    expect(await names('two')).toEqual(expected('two'))
    // Finished runs leave no queue folder behind.
    expect(await readdir(join(dir, 'app-a', 'cli-queue', 'runs'))).toEqual([])
  })

  it('a run killed mid-way while another goes on: the next run finishes it, nothing twice', async () => {
    const killed = startCli(['upload', join(dir, 'src', 'three'), '--json'], env('app-b'))
    const other = startCli(['upload', join(dir, 'src', 'four'), '--json'], env('app-b'))
    await killed.stdoutHas('"state":"done"')
    killed.child.kill('SIGKILL')
    const [k, o] = await Promise.all([killed.done, other.done])
    expect(k.signal).toBe('SIGKILL')
    expect(o.code, o.stderr).toBe(0)
    expect(await names('four')).toEqual(expected('four'))

    // Run again, twice at once with no paths: one of them claims the killed run's queue and finishes it.
    const [r1, r2] = await Promise.all([
      runCli(['upload', '--json'], env('app-b')),
      runCli(['upload', '--json'], env('app-b')),
    ])
    expect([r1.code, r2.code].sort(), `${r1.stderr}\n${r2.stderr}`).toEqual([0, 2])
    expect(await names('three')).toEqual(expected('three'))
    expect(await readdir(join(dir, 'app-b', 'cli-queue', 'runs'))).toEqual([])

    // And once more: nothing is left, nothing is sent again.
    const again = await runCli(['upload'], env('app-b'))
    expect(again.code).toBe(2)
    expect(again.stderr).toMatch(/Nothing to do/)
    expect(await names('three')).toEqual(expected('three'))
    expect(await names('four')).toEqual(expected('four'))
  })

  it("finishes what an earlier version's single queue left (its journal directly in the queue folder)", async () => {
    const killed = startCli(['upload', join(dir, 'src', 'five'), '--json'], env('app-c'))
    await killed.stdoutHas('"state":"done"')
    killed.child.kill('SIGKILL')
    expect((await killed.done).signal).toBe('SIGKILL')
    // The layout before per-run folders: cli-queue/queue.jsonl (and the dead run's lock).
    const queue = join(dir, 'app-c', 'cli-queue')
    const [run] = await readdir(join(queue, 'runs'))
    await rename(join(queue, 'runs', run as string, 'queue.jsonl'), join(queue, 'queue.jsonl'))
    await rename(join(queue, 'runs', run as string, 'queue.lock'), join(queue, 'queue.lock'))
    await rm(join(queue, 'runs'), { recursive: true })

    const resumed = await runCli(['upload', '--json'], env('app-c'))
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(await names('five')).toEqual(expected('five'))
    expect((await readdir(queue)).sort()).toEqual(['runs'])
    expect(await readdir(join(queue, 'runs'))).toEqual([])
  })
})
