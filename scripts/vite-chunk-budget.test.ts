import { describe, expect, it } from 'vitest'
import { type BudgetChunk, overBudget } from './vite-chunk-budget.ts'

describe('the startup budget', () => {
  const chunk = (
    fileName: string,
    kb: number,
    isEntry: boolean,
    imports: string[] = [],
    moduleIds: string[] = [],
  ): BudgetChunk => ({ fileName, code: 'x'.repeat(kb * 1000), isEntry, imports, moduleIds })

  it('counts the entry and what it imports statically, not the lazy chunks', () => {
    const lazy = chunk('es.js', 600, false)
    expect(
      overBudget([chunk('index.js', 400, true, ['vendor.js']), chunk('vendor.js', 300, false), lazy], 700),
    ).toBeNull()
    expect(
      overBudget([chunk('index.js', 400, true, ['vendor.js']), chunk('vendor.js', 301, false), lazy], 700),
    ).toMatch(/index\.js and its static imports are 701\.0 kB, over the 700 kB budget/)
  })

  // English is imported lazily like every language, yet the window paints nothing before it has arrived.
  const english = (id: string) => id.endsWith('/messages/en')
  const window = (enKb: number) => [
    chunk('index.js', 500, true),
    chunk('en.js', enKb, false, [], ['\0compiled-catalogue:/app/shared/i18n/messages/en']),
    chunk('es.js', 600, false, [], ['\0compiled-catalogue:/app/shared/i18n/messages/es']),
  ]

  it('counts the chunk of the language the first paint waits for, not the others', () => {
    expect(overBudget(window(200), 700, english)).toBeNull()
    expect(overBudget(window(201), 700, english)).toMatch(
      /701\.0 kB, over the 700 kB budget: index\.js, en\.js \(701\.0 kB = 500\.0 kB of code \+ 201\.0 kB it waits for\)/,
    )
  })

  it('fails when no chunk holds what the first paint waits for: the budget would count it no more', () => {
    expect(overBudget([chunk('index.js', 10, true)], 700, english)).toMatch(/no chunk holds/)
  })
})
