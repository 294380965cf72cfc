import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { sandboxRig } from '../core/queue/testing/support.ts'
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

const rig = sandboxRig()

beforeAll(async () => {
  await writeFile(join(rig.src, 'a.txt'), 'hello a')
})

beforeEach(() => {
  made.intls = 0
  made.icu = []
})

const upload = (args: string[]) =>
  runHere(['upload', join(rig.src, 'a.txt'), '--data', join(rig.src, 'queue'), ...args], {
    FILEDOCK_BASE_URL: rig.sb.baseUrl,
    FILEDOCK_API_KEY: rig.sb.apiKey,
    FILEDOCK_DATA_DIR: join(rig.src, 'app'),
  })

describe.sequential('the CLI makes its words when it prints some', () => {
  it('an upload that goes through, with --json or without, makes no intl and no other Intl object', async () => {
    const json = await upload(['--json', '--force'])
    expect(json.code).toBe(0)
    expect(json.stdout).toMatch(/"linkPack"/)
    const plain = await upload(['--force'])
    expect(plain.code).toBe(0)
    expect(plain.stdout).toContain(`${rig.sb.baseUrl}/`)
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
