import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { acquirePidLock, heldByAnotherProcess, type LockHolder, stampPidLock } from './pid-lock.ts'
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
    const release = acquirePidLock(file, inUse)
    expect(await readFile(file, 'utf8')).toBe(String(process.pid))
    const refused = await otherProcess()
    expect(refused.said.trim()).toBe(`The test folder is already in use by process ${process.pid}.`)
    expect(refused.child.exitCode).toBe(1)
    release()
    expect(existsSync(file)).toBe(false)
    const admitted = await otherProcess()
    expect(admitted.said).toBe('held\n')
    expect(await readFile(file, 'utf8')).toBe(String(admitted.child.pid))
    admitted.child.stdin.end()
    await once(admitted.child, 'exit')
    expect(existsSync(file)).toBe(false)
  })

  it('is refused here while another process holds it', async () => {
    const other = await otherProcess()
    expect(other.said).toBe('held\n')
    expect(() => acquirePidLock(file, inUse)).toThrow(`already in use by process ${other.child.pid}.`)
  })

  it('refuses a second holder in the same process, and can be taken again after release', () => {
    const release = acquirePidLock(file, inUse)
    expect(() => acquirePidLock(join(dir, '.', 'x.lock'), inUse)).toThrow('already in use by this process.')
    release()
    release() // a second release is harmless
    const again = acquirePidLock(file, inUse)
    again()
  })

  it('takes over a lock left by a process that no longer runs (a restart after kill -9)', async () => {
    const pid = deadPid()
    await writeFile(file, String(pid))
    const release = acquirePidLock(file, inUse)
    expect(await readFile(file, 'utf8')).toBe(String(process.pid))
    release()
  })

  it('takes over an empty or garbled lock (its writer died before writing the pid)', async () => {
    await writeFile(file, '')
    acquirePidLock(file, inUse)()
    await writeFile(file, 'garbage')
    acquirePidLock(file, inUse)()
    expect(existsSync(file)).toBe(false)
  })

  it('does not remove a lock another process took over after ours went stale', async () => {
    const release = acquirePidLock(file, inUse)
    await writeFile(file, '999999999')
    release()
    expect(await readFile(file, 'utf8')).toBe('999999999')
  })

  it('a lock stamped by this process keeps others out until this process takes it, without a fight', async () => {
    stampPidLock(file)
    expect(await readFile(file, 'utf8')).toBe(String(process.pid))
    const refused = await otherProcess()
    expect(refused.said.trim()).toBe(`The test folder is already in use by process ${process.pid}.`)
    const release = acquirePidLock(file, inUse)
    expect(await readFile(file, 'utf8')).toBe(String(process.pid))
    release()
    expect(existsSync(file)).toBe(false)
  })

  it('says a lock is another’s only while it names another live process', async () => {
    expect(heldByAnotherProcess(file)).toBe(false)
    await writeFile(file, String(deadPid()))
    expect(heldByAnotherProcess(file)).toBe(false)
    stampPidLock(file)
    expect(heldByAnotherProcess(file)).toBe(false)
    await rm(file)
    const other = await otherProcess()
    expect(other.said).toBe('held\n')
    expect(heldByAnotherProcess(file)).toBe(true)
  })

  it('leaves nothing beside the lock: the pid is written to a file of its own and linked into place', async () => {
    const release = acquirePidLock(file, inUse)
    stampPidLock(file)
    release()
    expect(await readdir(dir)).toEqual([])
  })
})
