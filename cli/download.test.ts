import { mkdir, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { downloadSandboxForAll, sha256OfFile } from '../core/download/testing/download-sandbox.ts'
import { filesUnder, timesFetched } from '../core/queue/testing/download-support.ts'
import { prng as seeded } from '../sandbox/codes.ts'
import { noFaults } from '../sandbox/faults.ts'
import { servedRanges } from '../sandbox/testing/api-calls.ts'
import { jsonLines, runCli, startCli } from './testing/cli-runner.ts'

// `filedock download` as users run it: the built CLI in processes of its own against a sandbox host.
const t = downloadSandboxForAll()
const FILES = 200
/** Host file code → its SHA-256 and where it must end up under --to. */
const expected = new Map<string, { sha: string; relPath: string; size: number }>()
let folderId = 0

beforeAll(async () => {
  folderId = (await t.client.folderCreate('backup', 0)).fldId
  const sub = [
    folderId,
    (await t.client.folderCreate('2023', folderId)).fldId,
    (await t.client.folderCreate('2024', folderId)).fldId,
  ]
  const subName = ['', '2023/', '2024/']
  for (let i = 0; i < FILES; i++) {
    const f = await t.upload(`f${i}.bin`, 20_000 + ((i * 7919) % 40_000))
    const at = i % 3
    await t.client.fileSetFolder(f.code, sub[at] as number)
    expected.set(f.code, { sha: f.sha, relPath: `${subName[at]}f${i}.bin`, size: f.size })
  }
}, 120_000)

const envOf = (data: string) => ({
  FILEDOCK_BASE_URL: t.sandbox.baseUrl,
  FILEDOCK_API_KEY: t.sandbox.apiKey,
  FILEDOCK_DATA_DIR: join(data, 'app'),
  FILEDOCK_DATA: join(data, 'queue-state'),
})

/** Every file of the folder is under `to`, whole, and nothing else is (no work file, no lock). */
async function expectWhole(to: string): Promise<void> {
  expect(await filesUnder(to)).toEqual([...expected.values()].map((e) => e.relPath).sort())
  for (const e of expected.values()) expect(await sha256OfFile(join(to, e.relPath)), e.relPath).toBe(e.sha)
}

async function served() {
  const all = await servedRanges(t.sandbox, { codes: [...expected.keys()], clear: true })
  expect(all.forgotten).toBe(0)
  return all.files
}

describe('filedock download --fld_id N --to DIR', () => {
  it('killed with SIGKILL at seeded moments and run again: every file whole, each byte asked a bounded number of times; then a re-run fetches nothing', async () => {
    const work = await t.folder()
    const to = join(work, 'to')
    const env = envOf(work)
    const args = ['download', '--fld_id', String(folderId), '--to', to, '--json', '--concurrency', '4']
    await servedRanges(t.sandbox, { clear: true })
    // Paced, so a kill lands mid-file as well as between files.
    t.sandbox.setFaults({ downloadBytesPerSec: 256 << 10 })
    const random = seeded(4242)
    let kills = 0
    for (let round = 0; round < 5; round++) {
      const run = startCli(args, env)
      await run.stdoutHas('"status":"downloaded"')
      await sleep(random() * 1500)
      if (run.child.exitCode === null && run.child.kill('SIGKILL')) kills++
      const end = await run.done
      if (end.code === 0) break
      expect(end.signal, end.stderr).toBe('SIGKILL')
    }
    expect(kills).toBeGreaterThanOrEqual(3)
    t.sandbox.setFaults(noFaults)
    const last = await runCli(args, env)
    expect(last.code, last.stderr).toBe(0)
    await expectWhole(to)
    const log = await served()
    let resumed = 0
    for (const code of expected.keys()) {
      const requests = log[code] ?? []
      const shown = JSON.stringify(requests.map((r) => [r.range, r.status, r.start, r.sent, r.outcome]))
      expect(timesFetched(requests), shown).toBeLessThanOrEqual(1 + kills)
      resumed += requests.filter((r) => r.status === 206).length
    }
    // Some kills landed mid-file, and those files continued with Range.
    expect(resumed).toBeGreaterThan(0)

    const again = await runCli(args, env)
    expect(again.code, again.stderr).toBe(0)
    const lines = jsonLines(again.stdout)
    expect(lines.filter((l) => l.status === 'already here')).toHaveLength(FILES)
    expect(lines.at(-1)).toMatchObject({ downloaded: 0, alreadyHere: FILES, failed: 0, bytes: 0, dir: to })
    expect(await served()).toEqual({})
  }, 300_000)

  it('two terminals at once: each file fetched once, by one of them, and whole', async () => {
    const work = await t.folder()
    const to = join(work, 'to')
    await servedRanges(t.sandbox, { clear: true })
    t.sandbox.setFaults({ downloadBytesPerSec: 512 << 10 })
    const args = ['download', '--fld_id', String(folderId), '--to', to, '--json']
    // Two terminals, two queue folders of their own (the default when runs overlap), one download folder.
    const [a, b] = await Promise.all([runCli(args, envOf(work), 240_000), runCli(args, envOf(work), 240_000)])
    t.sandbox.setFaults(noFaults)
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0])
    await expectWhole(to)
    // A file fetched twice is told apart by what the host saw: `complete` with every byte sent (the client lost
    // them), `client-gone` with fewer (the sends stopped), or nothing sent (the headers phase); `at` and both
    // terminals' stderr say when and what the client made of it.
    const stderr = `stderr of A:\n${a.stderr}\nstderr of B:\n${b.stderr}`
    for (const [code, requests] of Object.entries(await served())) {
      const shown = JSON.stringify(requests.map((r) => [r.range, r.status, r.sent, r.outcome, r.at]))
      expect(
        requests.map((r) => [r.range, r.status]),
        `${code} (${expected.get(code)?.size} bytes): ${shown}\n${stderr}`,
      ).toEqual([[null, 200]])
    }
    // Between them they report every file, each as downloaded by one; both did a share of the work.
    const byA = jsonLines(a.stdout).filter((l) => l.status === 'downloaded')
    const byB = jsonLines(b.stdout).filter((l) => l.status === 'downloaded')
    expect([...byA, ...byB].map((l) => l.code).sort()).toEqual([...expected.keys()].sort())
    expect(byA.length * byB.length).toBeGreaterThan(0)
  }, 300_000)
})

describe('filedock download, the rest of it', () => {
  it('--dry-run prints the plan and touches nothing: no folder, no queue, no request for bytes', async () => {
    const work = await t.folder()
    const to = join(work, 'to')
    const env = envOf(work)
    await servedRanges(t.sandbox, { clear: true })
    const text = await runCli(['download', '--fld_id', String(folderId), '--to', to, '--dry-run'], env)
    expect(text.code, text.stderr).toBe(0)
    expect(text.stdout).toMatch(new RegExp(`^To fetch \\(${FILES} files, `))
    expect(text.stdout).toContain('  2023/f1.bin  (')
    expect(text.stdout).toMatch(/Free space on the disk of .*: /)
    expect(text.stdout).toMatch(/Dry run: nothing was downloaded, and no file or folder was created\.\n$/)
    const json = await runCli(
      ['download', '--fld_id', String(folderId), '--to', to, '--dry-run', '--json'],
      env,
    )
    const lines = jsonLines(json.stdout)
    expect(lines.filter((l) => l.plan === 'fetch')).toHaveLength(FILES)
    expect(lines.at(-1)).toMatchObject({
      dryRun: true,
      dir: to,
      toFetch: FILES,
      alreadyHere: 0,
      conflicts: 0,
    })
    expect(await stat(to).catch(() => null)).toBeNull()
    expect(await stat(join(work, 'queue-state')).catch(() => null)).toBeNull()
    expect(await served()).toEqual({})
  }, 60_000)

  it('--json: a line per file (downloaded, already here, failed with why), the conflict policy, exit 9', async () => {
    const work = await t.folder()
    const to = join(work, 'to')
    const [first, second] = [...expected.entries()].filter(([, e]) => !e.relPath.includes('/'))
    if (first === undefined || second === undefined) throw new Error('no root files')
    await runCli(['download', first[0], '--to', to], envOf(work))
    await writeFile(join(to, second[1].relPath), 'my own file of that name')
    const r = await runCli(
      ['download', first[0], second[0], 'nosuchcode99', '--to', to, '--json', '--on-conflict', 'rename'],
      envOf(work),
    )
    expect(r.code, r.stderr).toBe(9)
    const lines = jsonLines(r.stdout)
    const renamed = second[1].relPath.replace(/\.bin$/, ' (1).bin')
    expect(lines).toEqual([
      {
        status: 'failed',
        code: 'nosuchcode99',
        path: null,
        size: null,
        name: '',
        reason: { kind: 'not_found', message: expect.stringContaining('has no file nosuchcode99') },
      },
      {
        status: 'already here',
        code: first[0],
        path: join(to, first[1].relPath),
        size: first[1].size,
        name: first[1].relPath,
      },
      {
        status: 'downloaded',
        code: second[0],
        path: join(to, renamed),
        size: second[1].size,
        name: second[1].relPath,
      },
      { downloaded: 1, alreadyHere: 1, failed: 0, leftOut: 1, bytes: second[1].size, dir: to },
    ])
    expect(await sha256OfFile(join(to, renamed))).toBe(second[1].sha)
    expect(r.stderr).toContain('filedock: nosuchcode99: The host has no file nosuchcode99')
  }, 60_000)

  it('exit codes: 4 when no code exists, 11 when --to is a file or a file is where a subfolder goes, 2 without --to', async () => {
    const work = await t.folder()
    const none = await runCli(['download', 'nosuchcode99', '--to', join(work, 'to')], envOf(work))
    expect(none.code, none.stderr).toBe(4)
    const file = join(work, 'a-file')
    await writeFile(file, 'x')
    const onFile = await runCli(['download', '--all', '--to', file], envOf(work))
    expect(onFile.code, onFile.stderr).toBe(11)
    expect(onFile.stderr).toBe(
      `filedock: ${file} is a file, not a folder: the download cannot go there. Choose another folder.\n`,
    )
    // A file where a subfolder must go: its files fail on the local disk (kept in the queue), the rest come.
    const to = join(work, 'blocked')
    await mkdir(to)
    await writeFile(join(to, '2023'), 'not a folder')
    const blocked = await runCli(
      ['download', '--fld_id', String(folderId), '--to', to, '--json'],
      envOf(work),
    )
    expect(blocked.code, blocked.stderr).toBe(11)
    const inSub = [...expected.values()].filter((e) => e.relPath.startsWith('2023/')).length
    const failed = jsonLines(blocked.stdout).filter((l) => l.status === 'failed')
    expect(failed).toHaveLength(inSub)
    for (const l of failed) expect(l.reason).toMatchObject({ kind: 'local_disk' })
    expect(blocked.stderr).toContain(`A file is in the way of the folder ${join(to, '2023')}`)
    expect(jsonLines(blocked.stdout).at(-1)).toMatchObject({ downloaded: FILES - inSub, failed: inSub })
    const noTo = await runCli(['download', '--all'], envOf(work))
    expect(noTo.code).toBe(2)
    expect(noTo.stderr).toMatch(/^filedock: --to DIR is needed/)
  }, 60_000)
})
