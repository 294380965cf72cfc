import { createHash, randomBytes } from 'node:crypto'
import { appendFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../../core/api/client.ts'
import { type CliChild, jsonLines, startCli } from '../testing/cli-runner.ts'
import { allFiles, hostClient, treeOf } from '../testing/host.ts'
import { type SandboxProcess, startSandboxProcess } from '../testing/sandbox-process.ts'

let dir: string
let sandbox: SandboxProcess
let client: ApiClient
let env: Record<string, string>

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-cli-watch-'))
  sandbox = await startSandboxProcess(['--data', join(dir, 'sandbox'), '--fault-latency', '10'])
  client = hostClient(sandbox.baseUrl, sandbox.apiKey)
  env = {
    FILEDOCK_BASE_URL: sandbox.baseUrl,
    FILEDOCK_API_KEY: sandbox.apiKey,
    FILEDOCK_DATA_DIR: join(dir, 'app'),
    FILEDOCK_DATA: join(dir, 'state'),
  }
})

afterAll(async () => {
  await client.close()
  await sandbox.kill()
  await rm(dir, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A folder of its own on the host for one test, so each test's files are counted apart. */
async function hostFolder(name: string): Promise<number> {
  return (await client.folderCreate(name, 0)).fldId
}

async function watched(name: string): Promise<string> {
  const path = join(dir, name)
  await mkdir(path, { recursive: true })
  return path
}

/** Starts `filedock watch` and waits until it says it is watching. */
async function startWatch(
  path: string,
  fldId: number,
  extra: string[] = [],
  minAge = '1s',
): Promise<CliChild> {
  const child = startCli(
    ['watch', path, '--fld_id', String(fldId), '--min-age', minAge, '--json', ...extra],
    env,
    120_000,
  )
  await new Promise<void>((resolve, reject) => {
    let err = ''
    child.child.stderr?.on('data', (c: Buffer) => {
      err += c.toString()
      if (err.includes('watching')) resolve()
    })
    void child.done.then((r) => reject(new Error(`watch ended early (${r.code}): ${r.stderr}`)))
  })
  return child
}

/** Resolves once the child has printed `n` JSON lines in all. */
function linesSoFar(child: CliChild): () => Record<string, unknown>[] {
  let out = ''
  child.child.stdout?.on('data', (c: Buffer) => {
    out += c.toString()
  })
  return () => jsonLines(out.slice(0, out.lastIndexOf('\n') + 1))
}

async function until(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(100)
  }
}

async function stop(child: CliChild): Promise<void> {
  child.child.kill('SIGINT')
  const run = await child.done
  expect(run.code, run.stderr).toBe(0)
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')

async function downloaded(fileCode: string): Promise<Buffer> {
  const { url } = await client.directLink(fileCode)
  return Buffer.from(await (await fetch(url)).arrayBuffer())
}

describe('filedock watch', () => {
  it('sends a file written slowly in chunks over 3 s once, and whole', async () => {
    const path = await watched('slow')
    const fldId = await hostFolder('slow')
    // The writer pauses 600 ms between chunks, a fifth of --min-age: a loaded machine that stretched a pause past
    // it would rightly see a settled file (StableFiles' own test checks the rule on a clock of its own).
    const child = await startWatch(path, fldId, [], '3s')
    const lines = linesSoFar(child)
    const chunks = Array.from({ length: 6 }, () => randomBytes(64 * 1024))
    const file = join(path, 'recording.wav')
    for (const chunk of chunks) {
      await appendFile(file, chunk)
      await sleep(600) // each pause shorter than --min-age: the file is still being written
    }
    await until('the upload', () => lines().length >= 1)
    await sleep(1500) // time for a wrong second upload to show
    await stop(child)
    expect(lines()).toHaveLength(1)
    const [line] = lines() as [{ fileCode: string; size: number; relPath: string }]
    expect(line).toMatchObject({ state: 'done', relPath: 'recording.wav', size: 6 * 64 * 1024 })
    const onHost = (await client.folderList(fldId)).files
    expect(onHost.map((f) => f.name)).toEqual(['recording.wav'])
    expect(sha(await downloaded(line.fileCode))).toBe(sha(Buffer.concat(chunks)))
  }, 60_000)

  it('sends a .part file renamed to its final name once, under the final name', async () => {
    const path = await watched('partial')
    const fldId = await hostFolder('partial')
    const child = await startWatch(path, fldId)
    const lines = linesSoFar(child)
    const body = randomBytes(200_000)
    await writeFile(join(path, 'movie.mkv.part'), body.subarray(0, 100_000))
    await sleep(1500) // older than --min-age, but a partial name: never sent
    await appendFile(join(path, 'movie.mkv.part'), body.subarray(100_000))
    await rename(join(path, 'movie.mkv.part'), join(path, 'movie.mkv'))
    await until('the upload', () => lines().length >= 1)
    await sleep(1500)
    await stop(child)
    expect(lines().map((l) => l.relPath)).toEqual(['movie.mkv'])
    const onHost = (await allFiles(client)).filter((f) => f.fldId === fldId)
    expect(onHost.map((f) => [f.name, f.size])).toEqual([['movie.mkv', 200_000]])
  }, 60_000)

  it('sends 200 files arriving at once, each once, into the mirrored sub-folders', async () => {
    const path = await watched('burst')
    const fldId = await hostFolder('burst')
    const child = await startWatch(path, fldId)
    const lines = linesSoFar(child)
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const sub = join(path, `d${i % 4}`)
        await mkdir(sub, { recursive: true })
        await writeFile(join(sub, `f${i}.txt`), `file ${i}\n`)
      }),
    )
    let said = ''
    child.child.stderr?.on('data', (c: Buffer) => {
      said += c.toString()
    })
    // Seen once under a full suite's load: a timeout with nothing else to go on. Say how far it got, and what
    // the watch printed, if it happens again.
    await until('200 uploads', () => lines().length >= 200, 90_000).catch((error: Error) => {
      throw new Error(`${error.message}: ${lines().length} sent; the watch said: ${said.slice(-3000)}`)
    })
    await sleep(1500)
    await stop(child)
    const rel = lines().map((l) => l.relPath as string)
    expect(new Set(rel).size).toBe(200)
    expect(rel).toHaveLength(200)
    const tree = await treeOf(client, fldId)
    expect(tree.filter((t) => !t.endsWith('/'))).toHaveLength(200)
    expect(tree.filter((t) => t.endsWith('/'))).toEqual(['d0/', 'd1/', 'd2/', 'd3/'])
  }, 120_000)

  it('after a SIGKILL mid-watch, the next watch sends the rest and nothing twice; a third sends nothing', async () => {
    const path = await watched('killed')
    const fldId = await hostFolder('killed')
    const names = Array.from({ length: 60 }, (_, i) => `k${i}.bin`)
    for (const name of names) await writeFile(join(path, name), randomBytes(30_000))
    const first = await startWatch(path, fldId)
    await first.stdoutHas('"state":"done"')
    first.child.kill('SIGKILL')
    const killed = await first.done
    expect(killed.signal).toBe('SIGKILL')
    const before = jsonLines(killed.stdout.slice(0, killed.stdout.lastIndexOf('\n') + 1)).length
    expect(before).toBeLessThan(names.length)

    const second = await startWatch(path, fldId)
    await until(
      'every file on the host',
      async () => (await client.folderList(fldId)).files.length >= names.length,
    )
    await sleep(2000)
    await stop(second)
    const files = (await client.folderList(fldId)).files
    expect(files.map((f) => f.name).sort()).toEqual([...names].sort())

    // Watching again (a repeat) sends nothing: every file is in the sent record.
    const third = await startWatch(path, fldId)
    await sleep(2500)
    await stop(third)
    expect((await third.done).stdout).toBe('')
    expect((await client.folderList(fldId)).files).toHaveLength(names.length)

    // Even with the watch's own record gone (a new data folder), the queue finds every file already there.
    const fresh = startCli(
      [
        'watch',
        path,
        '--fld_id',
        String(fldId),
        '--min-age',
        '1s',
        '--json',
        '--data',
        join(dir, 'state-fresh'),
      ],
      env,
      120_000,
    )
    const freshLines = linesSoFar(fresh)
    await until('every file looked up', () => freshLines().length >= names.length)
    fresh.child.kill('SIGINT')
    await fresh.done
    const rerun = freshLines()
    expect(rerun).toHaveLength(names.length)
    expect(rerun.every((l) => l.alreadyThere === true)).toBe(true)
    expect((await client.folderList(fldId)).files).toHaveLength(names.length)
  }, 120_000)

  it('moves sent files to the Done folder, keeping sub-folders, and refuses a second watcher of the folder', async () => {
    const path = await watched('with-done')
    const done = join(dir, 'done-here')
    const fldId = await hostFolder('with-done')
    const child = await startWatch(path, fldId, ['--done', done])
    const lines = linesSoFar(child)
    await mkdir(join(path, 'sub'), { recursive: true })
    await writeFile(join(path, 'sub', 'a.txt'), 'alpha')

    const twin = startCli(['watch', path, '--fld_id', String(fldId)], env)
    const refused = await twin.done
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/already being watched/)

    await until('the upload', () => lines().length >= 1)
    await until(
      'the move',
      async () => (await readFile(join(done, 'sub', 'a.txt'), 'utf8').catch(() => '')) === 'alpha',
    )
    await stop(child)
    expect((await allFiles(client)).filter((f) => f.name === 'a.txt')).toHaveLength(1)
    // Three processes started (the watcher, its twin, a stop): the bound of its neighbour, for a busy machine.
  }, 120_000)

  it('explains bad input and sends nothing', async () => {
    const notThere = startCli(['watch', join(dir, 'nope')], env)
    const a = await notThere.done
    expect(a.code).toBe(2)
    expect(a.stderr).toMatch(/is not a folder/)
    const badAge = await startCli(['watch', dir, '--min-age', 'soon'], env).done
    expect(badAge.code).toBe(2)
    expect(badAge.stderr).toMatch(/--min-age must be a duration/)
    // A target folder the account does not have: said at once, before anything is watched or written.
    const src = await watched('no-target')
    await writeFile(join(src, 'a.txt'), 'a')
    const before = (await allFiles(client)).length
    const noFolder = await startCli(['watch', src, '--fld_id', '987654'], env).done
    expect(noFolder.code).toBe(4)
    expect(noFolder.stderr).toMatch(/There is no folder 987654 in this account on the host \(--fld_id\)/)
    expect(noFolder.stderr).not.toMatch(/watching/)
    expect((await allFiles(client)).length).toBe(before)
  }, 30_000)
})
