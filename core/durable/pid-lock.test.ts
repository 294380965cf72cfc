import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, watch } from 'node:fs'
import fsPromises, { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { syncBuiltinESMExports } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { acquirePidLock, heldByAnotherProcess, type LockHolder, lockedBy, stampPidLock } from './pid-lock.ts'
import { lockAnswer } from './testing/lock-answer.ts'

const holderScript = join(import.meta.dirname, 'testing', 'lock-holder.ts')
let dir: string
let file: string
const children: ChildProcessWithoutNullStreams[] = []

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-lock-'))
  file = join(dir, 'x.lock')
})

afterEach(async () => {
  for (const child of children.splice(0)) child.kill()
  await rm(dir, { recursive: true, force: true })
})

const inUse = (holder: LockHolder) =>
  new Error(
    `The test folder is already in use by ${holder.pid === null ? 'this process' : `process ${holder.pid}`}.`,
  )

/** Starts a real second process that takes the lock; resolves once it holds it (or with its refusal). */
async function otherProcess(): Promise<{ child: ChildProcessWithoutNullStreams; said: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', holderScript, file])
  children.push(child)
  return { child, said: await lockAnswer(child) }
}

/** A pid that belonged to a process that has exited, as a killed app's lock holds. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  })
  return Number(child.stdout)
}

describe('acquirePidLock', () => {
  it('refuses a second process with a message naming the holder, and lets it in once released', async () => {
    const release = await acquirePidLock(file, inUse)
    expect(await lockedBy(file)).toBe(process.pid)
    const refused = await otherProcess()
    expect(refused.said.trim()).toBe(`The test folder is already in use by process ${process.pid}.`)
    expect(refused.child.exitCode).toBe(1)
    await release()
    expect(existsSync(file)).toBe(false)
    const admitted = await otherProcess()
    expect(admitted.said).toBe('held\n')
    expect(await lockedBy(file)).toBe(admitted.child.pid)
    admitted.child.stdin.end()
    await once(admitted.child, 'exit')
    expect(existsSync(file)).toBe(false)
  })

  it('is refused here while another process holds it', async () => {
    const other = await otherProcess()
    expect(other.said).toBe('held\n')
    await expect(acquirePidLock(file, inUse)).rejects.toThrow(`already in use by process ${other.child.pid}.`)
  })

  it('refuses a second holder in the same process, and can be taken again after release', async () => {
    const release = await acquirePidLock(file, inUse)
    await expect(acquirePidLock(join(dir, '.', 'x.lock'), inUse)).rejects.toThrow(
      'already in use by this process.',
    )
    await release()
    await release() // a second release is harmless
    const again = await acquirePidLock(file, inUse)
    await again()
  })

  it('two takers in this process at the same instant: one holds it, the other is refused', async () => {
    const both = await Promise.allSettled([acquirePidLock(file, inUse), acquirePidLock(file, inUse)])
    expect(both.map((b) => b.status).sort()).toEqual(['fulfilled', 'rejected'])
    const refused = both.find((b) => b.status === 'rejected') as PromiseRejectedResult
    expect((refused.reason as Error).message).toContain('already in use by this process.')
    const held = both.find((b) => b.status === 'fulfilled') as PromiseFulfilledResult<() => Promise<void>>
    await held.value()
    expect(existsSync(file)).toBe(false)
  })

  it('leaves the thread free while it works on the disk (the app takes one per download)', async () => {
    // Each file-system call of a synchronous lock held the event loop; asynchronous ones let it turn between
    // them. Counted by turns of the loop, not time: a synchronous taker resolves with none.
    let turns = 0
    let taken = false
    const turn = (): void => {
      turns++
      if (!taken) setImmediate(turn)
    }
    setImmediate(turn)
    const release = await acquirePidLock(file, inUse)
    const whileTaking = turns
    await release()
    taken = true
    expect(whileTaking).toBeGreaterThan(0)
  })

  it('takes over a lock left by a process that no longer runs (a restart after kill -9)', async () => {
    const pid = deadPid()
    await writeFile(file, String(pid))
    const release = await acquirePidLock(file, inUse)
    expect(await lockedBy(file)).toBe(process.pid)
    await release()
  })

  it('takes over an empty or garbled lock (its writer died before writing the pid)', async () => {
    await writeFile(file, '')
    await (await acquirePidLock(file, inUse))()
    await writeFile(file, 'garbage')
    await (await acquirePidLock(file, inUse))()
    expect(existsSync(file)).toBe(false)
  })

  it('does not remove a lock another process took over after ours went stale', async () => {
    const release = await acquirePidLock(file, inUse)
    // Taken over as a taker does it: the stale lock removed, a new one made in its place.
    await rm(file)
    await writeFile(file, '999999999')
    await release()
    expect(await readFile(file, 'utf8')).toBe('999999999')
  })

  it('a lock stamped by this process keeps others out until this process takes it, without a fight', async () => {
    await stampPidLock(file)
    expect(await lockedBy(file)).toBe(process.pid)
    const refused = await otherProcess()
    expect(refused.said.trim()).toBe(`The test folder is already in use by process ${process.pid}.`)
    const release = await acquirePidLock(file, inUse)
    expect(await lockedBy(file)).toBe(process.pid)
    await release()
    expect(existsSync(file)).toBe(false)
  })

  it('says a lock is another’s only while it names another live process', async () => {
    expect(await heldByAnotherProcess(file)).toBe(false)
    await writeFile(file, String(deadPid()))
    expect(await heldByAnotherProcess(file)).toBe(false)
    await stampPidLock(file)
    expect(await heldByAnotherProcess(file)).toBe(false)
    await rm(file)
    const other = await otherProcess()
    expect(other.said).toBe('held\n')
    expect(await heldByAnotherProcess(file)).toBe(true)
  })

  it('makes no name but the lock while taking it: a process killed meanwhile leaves nothing in the folder', async () => {
    // A download's lock is in the user's folder; a file of our own made first and removed after (the way where
    // symbolic links cannot be made) was left there whenever a kill fell between the two. inotify reports every
    // name made in the folder, in order: the lock's removal is the last.
    const seen: string[] = []
    const watcher = watch(dir, (_event, name) => {
      if (name !== null) seen.push(name)
    })
    try {
      const release = await acquirePidLock(file, inUse)
      await release()
      while (seen.filter((n) => n === 'x.lock').length < 2) await new Promise((r) => setImmediate(r))
    } finally {
      watcher.close()
    }
    expect([...new Set(seen)]).toEqual(['x.lock'])
  })

  it('where symbolic links are refused (Windows, FAT), takes it as a file holding the pid, nothing left beside it', async () => {
    const real = fsPromises.symlink
    fsPromises.symlink = (async () => {
      throw Object.assign(new Error('EPERM: operation not permitted, symlink'), { code: 'EPERM' })
    }) as typeof real
    syncBuiltinESMExports()
    try {
      const release = await acquirePidLock(file, inUse)
      // A file, not a link: its text is the pid (a symbolic link to "<pid>" would not read).
      expect(await readFile(file, 'utf8')).toBe(String(process.pid))
      expect(await readdir(dir)).toEqual(['x.lock'])
      // A process that can make links reads it as held all the same.
      const refused = await otherProcess()
      expect(refused.said.trim()).toBe(`The test folder is already in use by process ${process.pid}.`)
      await release()
      expect(await readdir(dir)).toEqual([])
    } finally {
      fsPromises.symlink = real
      syncBuiltinESMExports()
    }
  })

  it('leaves nothing beside the lock: the pid is written to a file of its own and linked into place', async () => {
    const release = await acquirePidLock(file, inUse)
    await stampPidLock(file)
    await release()
    expect(await readdir(dir)).toEqual([])
  })
})
