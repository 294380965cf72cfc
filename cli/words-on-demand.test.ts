import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { runHere } from './testing/cli-runner.ts'

// Making an intl starts ICU (~20 ms of a run): the CLI makes one at the first words it prints, and a run that
// prints none makes none. Counted at @formatjs/intl's createIntl, where every intl of main and the CLI is made,
// and at the other Intl objects modules made when they loaded (a grapheme segmenter, the locales' scripts).
const made = vi.hoisted(() => {
  const counts = { intls: 0, icu: [] as string[] }
  for (const name of ['Segmenter', 'Locale', 'NumberFormat', 'DateTimeFormat', 'PluralRules'] as const) {
    const Original = Intl[name] as unknown as new (...args: unknown[]) => object
    ;(Intl as unknown as Record<string, unknown>)[name] = new Proxy(Original, {
      construct(target, args, newTarget) {
        counts.icu.push(name)
        return Reflect.construct(target, args, newTarget)
      },
    })
  }
  return counts
})
vi.mock('@formatjs/intl', async (importOriginal) => {
  const real = await importOriginal<typeof import('@formatjs/intl')>()
  return {
    ...real,
    createIntl: (...args: Parameters<typeof real.createIntl>) => {
      made.intls++
      return real.createIntl(...args)
    },
  }
})

let dir: string
let sandbox: SandboxHandle

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-words-'))
  sandbox = await startSandbox({ dataDir: join(dir, 'host') })
  await writeFile(join(dir, 'a.txt'), 'hello a')
})

afterAll(async () => {
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

beforeEach(() => {
  made.intls = 0
  made.icu = []
})

const upload = (args: string[]) =>
  runHere(['upload', join(dir, 'a.txt'), '--data', join(dir, 'queue'), ...args], {
    FILEDOCK_BASE_URL: sandbox.baseUrl,
    FILEDOCK_API_KEY: sandbox.apiKey,
    FILEDOCK_DATA_DIR: join(dir, 'app'),
  })

describe.sequential('the CLI makes its words when it prints some', () => {
  it('an upload that goes through, with --json or without, makes no intl and no other Intl object', async () => {
    const json = await upload(['--json', '--force'])
    expect(json.code).toBe(0)
    expect(json.stdout).toMatch(/"linkPack"/)
    const plain = await upload(['--force'])
    expect(plain.code).toBe(0)
    expect(plain.stdout).toContain(`${sandbox.baseUrl}/`)
    expect(plain.stderr).toBe('')
    expect(made.intls).toBe(0)
    expect(made.icu).toEqual([])
  })

  it('a run that has something to say makes it, and says it', async () => {
    const again = await upload([])
    expect(again.code).toBe(0)
    expect(again.stderr).toMatch(/1 file was already there/)
    expect(made.intls).toBeGreaterThan(0)
  })
})
