import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { sandboxRig } from '../core/queue/testing/support.ts'
import { runHere } from './testing/cli-runner.ts'

// Spanish's catalogue cannot be read (as a damaged install or a file the user cannot read would have it): making
// the run's intl fails. The run's lines are still said, in English, with one line saying why.
vi.mock('../shared/i18n/messages/es.json', () => ({
  get default(): never {
    throw new Error("EACCES: permission denied, open 'messages/es.json'")
  },
}))

const rig = sandboxRig()

beforeAll(async () => {
  await writeFile(join(rig.src, 'a.txt'), 'hello a')
})

const upload = (args: string[]) =>
  runHere(['upload', ...args, '--data', join(rig.src, 'queue')], {
    FILEDOCK_BASE_URL: rig.sb.baseUrl,
    FILEDOCK_API_KEY: rig.sb.apiKey,
    FILEDOCK_DATA_DIR: join(rig.src, 'app'),
    LANG: 'es_ES.UTF-8',
  })

describe('a run whose language cannot be read', () => {
  it('says every line in English, and once why', async () => {
    // Nothing to say: no words made, nothing lost.
    const first = await upload([join(rig.src, 'a.txt'), '--json'])
    expect(first.code).toBe(0)
    expect(first.stderr).toBe('')
    // A path left out, a file already there, the summary: three lines.
    const again = await upload([join(rig.src, 'a.txt'), join(rig.src, 'nope.txt')])
    expect(again.stderr).toMatch(/nope\.txt/)
    expect(again.stderr).toMatch(/1 file was already there/)
    expect(again.stderr).toMatch(/filedock: 0 uploaded, 1 already there, 0 failed, 1 left out\./)
    const why = again.stderr.match(/could not be read \(.*EACCES.*\); in English\./g)
    expect(why).toHaveLength(1)
    expect(again.code).toBe(9)
  })
})
