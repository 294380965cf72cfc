import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { newRunFolder } from './run-folders.ts'

const claimer = join(import.meta.dirname, 'testing', 'claim-child.ts')
let queueDir: string
const runs: ChildProcessWithoutNullStreams[] = []

beforeEach(async () => {
  queueDir = await mkdtemp(join(tmpdir(), 'filedock-run-folders-'))
})
afterEach(async () => {
  for (const run of runs.splice(0)) {
    run.stdin.end()
    if (run.exitCode === null) await once(run, 'exit')
  }
  await rm(queueDir, { recursive: true, force: true })
})

interface Claim {
  pid: number
  claimed: string[]
  locks: number[]
}

/** Another run starting: its own process, claiming the leftovers of the same queue folder; alive until the test ends. */
async function otherRunClaims(): Promise<Claim> {
  const run = spawn(process.execPath, ['--import', 'tsx', claimer, queueDir])
  runs.push(run)
  let out = ''
  run.stdout.on('data', (d: Buffer) => {
    out += d
  })
  const exited = once(run, 'exit')
  while (!out.includes('\n')) {
    const ended = await Promise.race([once(run.stdout, 'data').then(() => false), exited.then(() => true)])
    if (ended && !out.includes('\n')) throw new Error(`the run exited without claiming: ${out}`)
  }
  return JSON.parse(out) as Claim
}

function deadPid(): number {
  return Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout)
}

it('a new run folder is locked by its run from the moment it has its name: another run never claims it', async () => {
  const folder = await newRunFolder(queueDir)
  expect(await readFile(join(folder, 'queue.lock'), 'utf8')).toBe(String(process.pid))
  // Only the named folder: the hidden one it was made under is gone.
  expect(await readdir(join(queueDir, 'runs'))).toEqual([folder.split('/').at(-1)])
  expect((await otherRunClaims()).claimed).toEqual([])
  expect(await readdir(folder)).toEqual(['queue.lock'])
})

it('a killed run’s folder is claimed by exactly one of several runs starting together, and is theirs at once', async () => {
  const left = join(queueDir, 'runs', '000000001-1-deadbeef')
  await mkdir(left, { recursive: true })
  await writeFile(join(left, 'queue.jsonl'), '{"note":"a killed run left this"}\n')
  await writeFile(join(left, 'queue.lock'), String(deadPid()))
  // Runs starting together, while this process makes a folder of its own as a run would.
  const [claims, mine] = await Promise.all([
    Promise.all([otherRunClaims(), otherRunClaims(), otherRunClaims(), otherRunClaims()]),
    newRunFolder(queueDir),
  ])
  const winners = claims.filter((c) => c.claimed.length > 0)
  expect(winners).toHaveLength(1)
  const [winner] = winners
  expect(winner?.claimed).toHaveLength(1)
  // Its lock named the claiming run straight after the rename.
  expect(winner?.locks).toEqual([winner?.pid])
  const folders = await readdir(join(queueDir, 'runs'))
  expect(folders.sort()).toEqual([winner?.claimed[0]?.split('/').at(-1), mine.split('/').at(-1)].sort())
  expect(await readFile(join(winner?.claimed[0] as string, 'queue.jsonl'), 'utf8')).toContain('killed run')
  // This run's own folder was never taken.
  expect(await readFile(join(mine, 'queue.lock'), 'utf8')).toBe(String(process.pid))
})
