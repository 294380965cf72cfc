import { describe, expect, it } from 'vitest'
import type { AccountInfo } from '../../../../shared/api/types.ts'
import {
  fromFirstActivity,
  premiumDaysLeft,
  premiumEndsSoon,
  storageShare,
  sumStats,
} from './dashboard-math.ts'

const now = new Date('2026-11-23T12:00:00Z')
const info = (o: Partial<AccountInfo>): AccountInfo => ({
  email: 'a@b.c',
  balance: 0,
  storageUsed: null,
  premiumExpire: null,
  storageLeft: 'unlimited',
  ...o,
})

describe('premium warning', () => {
  it('counts whole days to the end, read as UTC', () => {
    expect(premiumDaysLeft('2026-11-30 12:00:00', now)).toBe(7)
    expect(premiumDaysLeft('2026-11-23 18:00:00', now)).toBe(0)
    expect(premiumDaysLeft('2026-11-20 00:00:00', now)).toBe(-4)
    expect(premiumDaysLeft(null, now)).toBeNull()
    expect(premiumDaysLeft('soon', now)).toBeNull()
  })

  it('warns within 14 days and after the end, not before', () => {
    expect(premiumEndsSoon('2026-12-07 12:00:00', now)).toBe(true)
    expect(premiumEndsSoon('2026-12-08 12:00:00', now)).toBe(false)
    expect(premiumEndsSoon('2026-11-01 00:00:00', now)).toBe(true)
    expect(premiumEndsSoon(null, now)).toBe(false)
  })
})

describe('storage bar', () => {
  it('from the host’s figures when it gives both', () => {
    expect(storageShare(info({ storageUsed: 500, storageLeft: 'unlimited' }))).toBeNull()
    expect(storageShare(info({ storageUsed: 0, storageLeft: 0 }))).toBeNull()
    expect(storageShare(info({ storageUsed: 250, storageLeft: 750 }))).toEqual({
      used: 250,
      total: 1000,
      fraction: 0.25,
      counted: false,
    })
    // The host's figure wins over the index's count.
    expect(
      storageShare(info({ storageUsed: 250, storageLeft: 750 }), { bytes: 9, complete: true }),
    ).toMatchObject({
      used: 250,
      counted: false,
    })
  })

  it('from the index’s complete count where the host says only what is left', () => {
    expect(storageShare(info({ storageUsed: null, storageLeft: 1000 }))).toBeNull()
    expect(
      storageShare(info({ storageUsed: null, storageLeft: 1000 }), { bytes: 500, complete: false }),
    ).toBeNull()
    expect(
      storageShare(info({ storageUsed: null, storageLeft: 'unlimited' }), { bytes: 500, complete: true }),
    ).toBeNull()
    expect(
      storageShare(info({ storageUsed: null, storageLeft: 1500 }), { bytes: 500, complete: true }),
    ).toEqual({
      used: 500,
      total: 2000,
      fraction: 0.25,
      counted: true,
    })
  })
})

describe('sumStats', () => {
  it('adds downloads, views and profit over the days', () => {
    const row = { downloads: 2, views: 3, sales: 0, refs: 0, profitSales: 0, profitRefs: 0, profitSite: 0 }
    expect(
      sumStats([
        { ...row, profitTotal: 0.0002 },
        { ...row, profitTotal: 0.0001 },
      ]),
    ).toEqual({
      downloads: 4,
      views: 6,
      profit: expect.closeTo(0.0003, 8),
    })
    expect(sumStats([])).toEqual({ downloads: 0, views: 0, profit: 0 })
  })
})

describe('fromFirstActivity', () => {
  const day = (d: string, downloads = 0, profitTotal = 0) => ({
    day: d,
    downloads,
    views: 0,
    sales: 0,
    refs: 0,
    profitSales: 0,
    profitRefs: 0,
    profitSite: profitTotal,
    profitTotal,
  })
  it('drops the days before the first activity and keeps the quiet ones after it', () => {
    const rows = [
      day('2025-12-01'),
      day('2025-12-02'),
      day('2025-12-03', 0, 0.0001),
      day('2025-12-04'),
      day('2025-12-05', 3),
    ]
    expect(fromFirstActivity(rows).map((r) => r.day)).toEqual(['2025-12-03', '2025-12-04', '2025-12-05'])
    expect(fromFirstActivity([day('2025-12-01'), day('2025-12-02')])).toEqual([])
    expect(fromFirstActivity([])).toEqual([])
  })
})
