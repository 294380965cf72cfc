import { randomInt } from 'node:crypto'

/** Set it to replay a fault run: every sandbox started with it rolls the same faults for the same requests. */
export const FAULT_SEED_ENV = 'FILEDOCK_FAULT_SEED'

/** Seeds of the dice that rolled a fault in this process: the test setup prints them when a test fails. */
const seedsThatRolled = new Set<number>()

/**
 * The sandbox's one source of randomness for faults, seeded (mulberry32: small, fast, and plenty for choosing
 * faults) so a failing run can be replayed with FILEDOCK_FAULT_SEED. The same seed gives the same sequence of
 * rolls; with requests running concurrently, which request meets which roll still follows their order.
 */
export class FaultDice {
  private state: number

  constructor(readonly seed: number) {
    this.state = seed >>> 0
  }

  /** True with probability `rate`; a rate of 0 rolls nothing, so faults that are off do not shift the others. */
  chance(rate: number): boolean {
    return rate > 0 && this.next() < rate
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T
  }

  /** A whole number from 0 to n - 1 (0 when n is 0), e.g. where in a body a connection is cut. */
  below(n: number): number {
    return Math.floor(this.next() * n)
  }

  private next(): number {
    seedsThatRolled.add(this.seed)
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The seed from FILEDOCK_FAULT_SEED, else a fresh one. A value that is not a seed is refused, never ignored. */
export function faultSeed(env: NodeJS.ProcessEnv = process.env): number {
  const given = env[FAULT_SEED_ENV]?.trim()
  if (given === undefined || given === '') return randomInt(0, 2 ** 32)
  const seed = Number(given)
  if (!/^\d+$/.test(given) || seed > 2 ** 32 - 1) {
    throw new Error(
      `${FAULT_SEED_ENV} must be a whole number from 0 to 4294967295, not ${JSON.stringify(given)}.`,
    )
  }
  return seed
}

/** Returns and forgets the seeds that rolled since the last call (one test's worth, for the test setup). */
export function takeSeedsThatRolled(): number[] {
  const seeds = [...seedsThatRolled]
  seedsThatRolled.clear()
  return seeds
}

/** What a failed test prints about the faults it met; null when it met none. */
export function faultSeedReport(seeds: readonly number[]): string | null {
  if (seeds.length === 0) return null
  const list = seeds.join(', ')
  return `Injected faults were rolled with seed ${list}; replay with ${FAULT_SEED_ENV}=${seeds[0]}${seeds.length > 1 ? ' (one seed for every sandbox of the run)' : ''}.`
}
