import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FAULT_SEED_ENV, FaultDice, faultSeed, faultSeedReport, takeSeedsThatRolled } from './fault-dice.ts'
import { openSandbox, rawRequest } from './test-support.ts'

/** What 40 account/info calls meet on a sandbox failing a third of its answers with 500/502/503 and 429. */
async function outcomes(seed: number): Promise<number[]> {
  const t = await openSandbox({ faults: { errorRate: 0.3, rateLimitRate: 0.2 }, faultSeed: seed })
  try {
    const statuses: number[] = []
    for (let i = 0; i < 40; i++)
      statuses.push((await rawRequest(`${t.sb.baseUrl}/api/account/info?key=${t.sb.apiKey}`)).status)
    return statuses
  } finally {
    await t.stop()
  }
}

describe('seeded fault injection', () => {
  it('replays the same faults for the same seed over real HTTP, and others for another seed', async () => {
    const first = await outcomes(1234)
    expect(new Set(first).size).toBeGreaterThan(2) // successes, 429s and 5xx all occur
    expect(await outcomes(1234)).toEqual(first)
    expect(await outcomes(99)).not.toEqual(first)
  })

  it('tells a failing test which seed rolled its faults, and rolls nothing for faults that are off', () => {
    takeSeedsThatRolled()
    const dice = new FaultDice(7)
    expect(dice.chance(0)).toBe(false)
    expect(takeSeedsThatRolled()).toEqual([])
    dice.chance(0.5)
    dice.pick([500, 502])
    expect(takeSeedsThatRolled()).toEqual([7])
    expect(faultSeedReport([7])).toBe(
      `Injected faults were rolled with seed 7; replay with ${FAULT_SEED_ENV}=7.`,
    )
    expect(faultSeedReport([])).toBeNull()
  })

  it('takes the seed from FILEDOCK_FAULT_SEED and refuses one that is not a seed', () => {
    expect(faultSeed({ [FAULT_SEED_ENV]: '42' })).toBe(42)
    expect(faultSeed({ [FAULT_SEED_ENV]: ' 4294967295 ' })).toBe(4294967295)
    const fresh = faultSeed({})
    expect(Number.isInteger(fresh) && fresh >= 0 && fresh < 2 ** 32).toBe(true)
    for (const bad of ['-1', '1.5', 'abc', '4294967296']) {
      expect(() => faultSeed({ [FAULT_SEED_ENV]: bad })).toThrow(
        `${FAULT_SEED_ENV} must be a whole number from 0 to 4294967295, not "${bad}".`,
      )
    }
  })

  it('npm run sandbox says its seed, and uses FILEDOCK_FAULT_SEED when set', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'filedock-seed-'))
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, 'main.ts'), '--data', dir, '--fault-error-rate', '0.1'],
      { env: { ...process.env, [FAULT_SEED_ENV]: '31337' } },
    )
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => {
      stderr += d
    })
    await once(child.stdout, 'data')
    child.kill('SIGTERM')
    await once(child, 'close')
    await rm(dir, { recursive: true, force: true })
    expect(stderr).toContain(`faults are rolled with seed 31337 (${FAULT_SEED_ENV}=31337 replays them)`)
  })
})
