import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FiledockError } from '../../shared/errors.ts'
import { errorText } from '../../shared/i18n/error-text.ts'
import { lockAnswer } from '../durable/testing/lock-answer.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { lockRule } from './rule-lock.ts'

const childScript = join(import.meta.dirname, 'testing', 'rule-lock-child.ts')
let dir: string
let file: string
const watched = '/home/someone/Scans'
const children: ChildProcessWithoutNullStreams[] = []

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-rule-lock-'))
  file = join(dir, 'rule.lock')
})

afterEach(async () => {
  for (const child of children.splice(0)) child.kill()
  await rm(dir, { recursive: true, force: true })
})

const busy = (by: string) =>
  `${watched} is already being watched for this account by ${by}; one watcher per folder keeps every file sent once.`

function startChild(env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, file, watched], {
    env: { ...process.env, ...env },
  })
  children.push(child)
  return child
}

describe('lockRule', () => {
  it('keeps a second process out while the first is taking the lock (its lock file has just appeared)', async () => {
    const pauseDir = join(dir, 'pause')
    await mkdir(pauseDir)
    const first = startChild({ FILEDOCK_TEST_PAUSE_DIR: pauseDir })
    const firstSays = lockAnswer(first)
    // The first stops at the instant its lock file's name exists; nothing races a timer.
    const firstExited = once(first, 'close')
    while (!existsSync(join(pauseDir, 'paused'))) {
      const gone = await Promise.race([firstExited.then(() => true), sleep(10).then(() => false)])
      if (gone) throw new Error(`the first process ended before taking the lock: ${await firstSays}`)
    }
    const second = await lockAnswer(startChild())
    await writeFile(join(pauseDir, 'go'), '')
    const firstSaid = await firstSays
    expect([firstSaid, second]).toEqual(['held\n', `${busy(`process ${first.pid}`)}\n`])
  })

  it('refuses a second watcher in this process with the same message, and lets it in once released', async () => {
    const release = await lockRule(file, watched)
    await expect(lockRule(join(dir, '.', 'rule.lock'), watched)).rejects.toThrow(busy('this Filedock'))
    await release()
    expect(existsSync(file)).toBe(false)
    await (await lockRule(file, watched))()
  })
})

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms))
}

describe('lockRule in the reader’s language', () => {
  it('says in Arabic that this Filedock already watches the folder, the folder named as it is', async () => {
    const release = await lockRule(file, watched)
    try {
      const error = await lockRule(file, watched).then(
        () => expect.fail('a second lock was granted'),
        (e: FiledockError) => e,
      )
      expect(error.message).toBe(busy('this Filedock'))
      expect(errorText(await intlFor('ar'), error)).toBe(
        `يُراقَب ${watched} بالفعل لهذا الحساب بواسطة Filedock هذا؛ مراقِب واحد لكل مجلد يضمن إرسال كل ملف مرة واحدة.`,
      )
    } finally {
      await release()
    }
  })
})
