import { existsSync, mkdtempSync } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiClient } from '../core/api/client.ts'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { jsonLines, runHere } from './testing/cli-runner.ts'
import { allFiles, hostClient, treeOf, writeTree } from './testing/host.ts'

/** `filedock upload --dry-run`: the plan of a run, with nothing changed on the host and no queue written. */
const dir = mkdtempSync(join(tmpdir(), 'filedock-cli-dry-run-'))
let sandbox: SandboxHandle
let client: ApiClient

beforeAll(async () => {
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox') })
  client = hostClient(sandbox.baseUrl, sandbox.apiKey)
  await writeTree(join(dir, 'src'), {
    'album/a.txt': 'aaa',
    'album/2024/b.txt': 'bbbb',
    'album/2024/deep/c.txt': 'ccccc',
    'album/zero.bin': '',
    'solo.txt': 'solo!',
  })
  await mkdir(join(dir, 'src/album/empty/inner'), { recursive: true })
})

afterAll(async () => {
  await client.close()
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

const env = () => ({
  FILEDOCK_BASE_URL: sandbox.baseUrl,
  FILEDOCK_API_KEY: sandbox.apiKey,
  FILEDOCK_DATA_DIR: join(dir, 'app'),
  FILEDOCK_DATA: undefined,
})

/** Everything on the host: the folder tree and every file with its code. */
async function hostState(fldId: number) {
  return {
    tree: await treeOf(client, 0),
    under: await treeOf(client, fldId),
    files: (await allFiles(client)).map((f) => `${f.fileCode} ${f.fldId} ${f.name}`).sort(),
  }
}

describe('filedock upload --dry-run', () => {
  it('prints the plan, changes nothing, and a real run then does exactly that; a repeat plans nothing to send', async () => {
    const { fldId } = await client.folderCreate('Target')
    // Already on the host: album/ with a.txt of the same size (skipped), solo.txt of another size (sent).
    const album = (await client.folderCreate('album', fldId)).fldId
    await writeTree(join(dir, 'pre'), { 'a.txt': 'aaa', 'solo.txt': 'different size' })
    const a = await client.upload(join(dir, 'pre/a.txt'))
    await client.fileSetFolder(a.fileCode, album)
    const solo = await client.upload(join(dir, 'pre/solo.txt'))
    await client.fileSetFolder(solo.fileCode, fldId)

    const data = join(dir, 'data')
    const args = ['upload', join(dir, 'src/album'), join(dir, 'src/solo.txt'), '--fld_id', String(fldId)]
    const before = await hostState(fldId)
    const dry = await runHere([...args, '--dry-run', '--json', '--data', data], env())
    expect(dry.code, dry.stderr).toBe(9)
    const plan = jsonLines(dry.stdout)
    const of = (kind: string) => plan.filter((l) => l.plan === kind)
    // In the order the queue sends them (folder by folder).
    expect(of('send').map((l) => [l.relPath, l.size])).toEqual([
      ['solo.txt', 5],
      ['album/2024/b.txt', 4],
      ['album/2024/deep/c.txt', 5],
    ])
    expect(of('already_there')).toEqual([
      {
        plan: 'already_there',
        path: join(dir, 'src/album/a.txt'),
        relPath: 'album/a.txt',
        size: 3,
        fileCode: a.fileCode,
      },
    ])
    expect(of('create_folder').map((l) => l.folderPath)).toEqual([
      'album/2024',
      'album/empty',
      'album/2024/deep',
      'album/empty/inner',
    ])
    expect(of('problem')).toMatchObject([
      { plan: 'problem', path: join(dir, 'src/album/zero.bin'), kind: 'empty' },
    ])
    expect(plan.at(-1)).toEqual({
      dryRun: true,
      send: 3,
      sendBytes: 14,
      alreadyThere: 1,
      createFolders: 4,
      problems: 1,
    })

    // The same plan as text; repeating it is harmless.
    const text = await runHere([...args, '--dry-run', '--data', data], env())
    expect(text.stdout).toContain('To send (3 files, 14 B):\n  solo.txt  (5 B)\n  album/2024/b.txt  (4 B)\n')
    expect(text.stdout).toContain(
      `Already there, not sent again (1 file; --force sends them):\n  album/a.txt  (${a.fileCode})`,
    )
    expect(text.stdout).toContain('Folders to create (4):\n  album/2024\n  album/empty\n')
    expect(text.stdout).toContain('Problems, left out (1):\n')
    expect(text.stdout).toMatch(/Dry run: nothing was sent and nothing was changed on the host\.\n$/)

    expect(await hostState(fldId)).toEqual(before)
    expect(existsSync(data)).toBe(false)

    // The real run does what the plan said.
    const real = await runHere([...args, '--json', '--data', data], env())
    expect(real.code, real.stderr).toBe(9)
    const lines = jsonLines(real.stdout).filter((l) => l.state !== undefined)
    expect(
      lines
        .filter((l) => l.state === 'done' && !l.alreadyThere)
        .map((l) => l.relPath)
        .sort(),
    ).toEqual(
      of('send')
        .map((l) => l.relPath)
        .sort(),
    )
    expect(lines.filter((l) => l.alreadyThere).map((l) => [l.relPath, l.fileCode])).toEqual([
      ['album/a.txt', a.fileCode],
    ])
    const after = await hostState(fldId)
    const newFolders = after.under.filter((p) => p.endsWith('/') && !before.under.includes(p))
    expect(newFolders.map((p) => p.slice(0, -1)).sort()).toEqual(
      of('create_folder')
        .map((l) => l.folderPath)
        .sort(),
    )

    // Once done, the plan has nothing left to send or create.
    const again = await runHere([...args, '--dry-run', '--json', '--data', join(dir, 'data-2')], env())
    const second = jsonLines(again.stdout)
    expect(second.at(-1)).toMatchObject({ send: 0, alreadyThere: 4, createFolders: 0, problems: 1 })
  })

  it('a --fld_id that is not a folder of the account is a problem of the plan; the real run refuses it; nothing changes', async () => {
    const missing = 987_654
    const data = join(dir, 'data-missing')
    const before = await hostState(0)
    const args = ['upload', join(dir, 'src/album'), '--fld_id', String(missing), '--data', data]
    const dry = await runHere([...args, '--dry-run', '--json'], env())
    expect(dry.code, dry.stderr).toBe(9)
    const plan = jsonLines(dry.stdout)
    expect(plan.filter((l) => l.plan === 'problem')).toEqual([
      {
        plan: 'problem',
        path: '',
        kind: 'no_such_folder',
        message: `There is no folder ${missing} in this account on the host (--fld_id); nothing can go there. 0 is the root folder.`,
      },
      // The local checks still run.
      { plan: 'problem', path: join(dir, 'src/album/zero.bin'), kind: 'empty', message: expect.any(String) },
    ])
    expect(plan.at(-1)).toEqual({
      dryRun: true,
      send: 0,
      sendBytes: 0,
      alreadyThere: 0,
      createFolders: 0,
      problems: 2,
    })
    const text = await runHere([...args, '--dry-run'], env())
    expect(text.stdout).toContain(
      `Problems, left out (2):\n  There is no folder ${missing} in this account on the host (--fld_id)`,
    )
    expect(text.stdout).not.toContain('To send')
    // remote --dry-run checks the folder the same way, before looking at any URL.
    const remote = await runHere(
      ['remote', 'https://example.invalid/a.iso', '--fld_id', String(missing), '--dry-run', '--json'],
      env(),
    )
    expect(jsonLines(remote.stdout)[0]).toMatchObject({ plan: 'problem', kind: 'no_such_folder' })

    // The real run says so and queues nothing, however often it is repeated.
    for (let i = 0; i < 2; i++) {
      const real = await runHere(args, env())
      expect(real.code).toBe(4)
      expect(real.stderr).toBe(
        `filedock: There is no folder ${missing} in this account on the host (--fld_id); nothing can go there. 0 is the root folder.\n`,
      )
    }
    expect(await hostState(0)).toEqual(before)
    expect(existsSync(data)).toBe(false)
  })

  it('--dry-run with no paths is a usage error', async () => {
    const r = await runHere(['upload', '--dry-run'], env())
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('--dry-run needs files or folders.')
  })
})
