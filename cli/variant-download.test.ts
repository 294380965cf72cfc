import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { sha256, sha256OfFile } from '../core/download/testing/download-sandbox.ts'
import { filesUnder } from '../core/queue/testing/download-support.ts'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { createFolder, servedRanges, upload } from '../sandbox/testing/api-calls.ts'
import { namedVariants, specVariant } from '../sandbox/variants.ts'
import { jsonLines, startCli } from './testing/cli-runner.ts'

// `filedock download` of a folder against the host variants that touch downloads from outside (issue 19): links
// on a domain that moves while it downloads, and a request rate the host answers past with 429 bodies. The built
// CLI in a process of its own; every file must end with the source's bytes, and nothing else under --to.
let sandbox: SandboxHandle
let dir: string
let fldId = 0
/** The folder's files below it, with their SHA-256. */
const expected: Record<string, string> = {}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-cli-variants-'))
  sandbox = await startSandbox({ dataDir: join(dir, 'host') })
  fldId = await createFolder(sandbox, 'clips')
  const sub = await createFolder(sandbox, 'day two', fldId)
  for (const [name, content, at, rel] of [
    ['a.mp4', 'a'.repeat(300), fldId, 'a.mp4'],
    ['b.mkv', 'b'.repeat(200), fldId, 'b.mkv'],
    ['c.webm', 'c'.repeat(100), sub, join('day two', 'c.webm')],
  ] as const) {
    await upload(sandbox, name, content, at)
    expected[rel] = sha256(Buffer.from(content))
  }
})
afterAll(async () => {
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})
afterEach(async () => {
  await sandbox.setVariant(specVariant)
  sandbox.setFaults({ downloadBytesPerSec: 0 })
})

/** Times the host refused a request for its rate so far (the rate variant counts them). */
async function refusedForRate(): Promise<number> {
  const answer = await fetch(`${sandbox.baseUrl}/sandbox/faults?key=${sandbox.apiKey}`)
  const faults = (await answer.json()) as { result: { refused?: { rate: number } } }
  return faults.result.refused?.rate ?? 0
}

/** Resolves once the sandbox's file server is sending a file's body (the CLI has its first direct link). */
async function firstBodyServed(): Promise<void> {
  while (Object.keys((await servedRanges(sandbox)).files).length === 0)
    await new Promise((resolve) => setTimeout(resolve, 10))
}

/**
 * `filedock download --fld_id N --to DIR --json`: its exit code, the status of each file, and every file under DIR
 * (work files and locks included) with its SHA-256. `afterFirst` runs once it says it has its first file, or
 * (`whenSending`) once the first file's body is being sent.
 */
async function cliDownload(
  concurrency: number,
  afterFirst?: () => Promise<void>,
  o: { whenSending?: boolean } = {},
) {
  const work = await mkdtemp(join(dir, 'run-'))
  const to = join(work, 'to')
  const env = {
    FILEDOCK_BASE_URL: sandbox.baseUrl,
    FILEDOCK_API_KEY: sandbox.apiKey,
    FILEDOCK_DATA_DIR: join(work, 'app'),
    FILEDOCK_DATA: join(work, 'queue-state'),
  }
  const args = ['download', '--fld_id', `${fldId}`, '--to', to, '--json', '--concurrency', `${concurrency}`]
  const child = startCli(args, env)
  if (afterFirst) {
    await (o.whenSending ? firstBodyServed() : child.stdoutHas('"status":"downloaded"'))
    await afterFirst()
  }
  const run = await child.done
  const statuses = jsonLines(run.stdout).flatMap((l) => (typeof l.status === 'string' ? [l.status] : []))
  const files: Record<string, string> = {}
  for (const f of await filesUnder(to)) files[f] = await sha256OfFile(join(to, f))
  return { code: run.code, stderr: run.stderr, statuses, files }
}

const asAgainstTheSpec = {
  code: 0,
  stderr: expect.any(String),
  statuses: ['downloaded', 'downloaded', 'downloaded'],
  files: expected,
}

describe('filedock download of a folder against the host variants', () => {
  it('spec', async () => {
    expect(await cliDownload(3)).toEqual(asAgainstTheSpec)
  })

  it('link-move: the link domain moves while it downloads, one file at a time', async () => {
    await sandbox.setVariant(namedVariants('link-move', Date.now(), { linkMoveAfterSec: 600 }))
    // The move lands once the CLI has its first file (its direct link on the old domain); one file at a time,
    // paced, so the later ones ask for their links after it, on the new domain.
    sandbox.setFaults({ downloadBytesPerSec: 1000 })
    const moved = () => sandbox.setVariant({ linkMoveAtMs: Date.now() })
    expect(await cliDownload(1, moved)).toEqual(asAgainstTheSpec)
  })

  it("rate-limit: a fresh CLI meets the host's 429 bodies and ends the same", async () => {
    // One request a second: the CLI's listings and direct links come faster, so the host refuses some.
    await sandbox.setVariant(namedVariants('rate-limit', Date.now(), { requestsPerSec: 1 }))
    const before = await refusedForRate()
    expect(await cliDownload(3)).toEqual(asAgainstTheSpec)
    expect((await refusedForRate()) - before).toBeGreaterThan(0)
  })

  it('rate-limit met by the direct links: a 429 body on file/direct_link is waited out, not a failure', async () => {
    // A rate too high to meet while the CLI lists the folder; while its first file's body comes (paced, so the
    // switch lands before the next call: waiting for the CLI to say it had the file lost that race on a quiet
    // machine), one a second and no more pacing: the calls after it are the other files' direct_link calls, one
    // file at a time, within the same second.
    await sandbox.setVariant(namedVariants('rate-limit', Date.now(), { requestsPerSec: 1000 }))
    sandbox.setFaults({ downloadBytesPerSec: 100 })
    // The earlier tests' bodies are forgotten: the first one served from now on is this run's.
    await servedRanges(sandbox, { clear: true })
    let before = Number.NaN
    const slowed = async () => {
      before = await refusedForRate()
      await sandbox.setVariant({ requestsPerSec: 1 })
      sandbox.setFaults({ downloadBytesPerSec: 0 })
    }
    expect(await cliDownload(1, slowed, { whenSending: true })).toEqual(asAgainstTheSpec)
    expect((await refusedForRate()) - before).toBeGreaterThan(0)
  })
})
