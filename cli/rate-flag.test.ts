import { describe, expect, it } from 'vitest'
import { parseRateFlag } from './rate-flag.ts'

describe('--limit-rate', () => {
  it("reads bytes a second as curl does: K, M and G are 1024's", () => {
    expect(parseRateFlag('4096')).toBe(4096)
    expect(parseRateFlag('500K')).toBe(512_000)
    expect(parseRateFlag('2m')).toBe(2 * 1024 ** 2)
    expect(parseRateFlag('1.5M')).toBe(1_572_864)
    expect(parseRateFlag(' 1G ')).toBe(1024 ** 3)
  })

  it('refuses what would stall, what is no rate, and typos', () => {
    for (const bad of ['999', '0', '-5K', '1T', 'fast', '', '5 K', '11G']) {
      expect(() => parseRateFlag(bad), bad).toThrow(/--limit-rate must be bytes a second/)
    }
  })
})
