import { describe, expect, it } from 'vitest'
import { type BudgetChunk, overBudget } from './vite-chunk-budget.ts'

describe('the startup budget', () => {
  const chunk = (fileName: string, kb: number, isEntry: boolean, imports: string[] = []): BudgetChunk => ({
    fileName,
    code: 'x'.repeat(kb * 1000),
    isEntry,
    imports,
  })

  it('counts the entry and what it imports statically, not the lazy chunks', () => {
    const lazy = chunk('es.js', 600, false)
    expect(
      overBudget([chunk('index.js', 400, true, ['vendor.js']), chunk('vendor.js', 300, false), lazy], 700),
    ).toBeNull()
    expect(
      overBudget([chunk('index.js', 400, true, ['vendor.js']), chunk('vendor.js', 301, false), lazy], 700),
    ).toMatch(/index\.js and its static imports are 701\.0 kB, over the 700 kB budget/)
  })
})
