import type { Plugin } from 'vite'

/** What the budget needs of an output chunk. */
export interface BudgetChunk {
  fileName: string
  code: string
  isEntry: boolean
  /** The chunks it imports statically (loaded with it, before it runs). */
  imports: string[]
}

/**
 * Fails the build when the JavaScript the window reads before its first paint passes `limitKb` (kB of 1,000
 * bytes, as Vite counts): the entry chunk and every chunk it imports statically, so moving code into a chunk
 * the entry imports anyway does not pass for a saving. Lazy chunks (a language, the dashboard) do not count.
 * A warning is read by nobody; a failed build is.
 */
export function chunkBudget(limitKb: number): Plugin {
  return {
    name: 'filedock:chunk-budget',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []))
      const over = overBudget(chunks, limitKb)
      if (over !== null) this.error(over)
    },
  }
}

/** The failure for the first entry over budget, null when all are within it. */
export function overBudget(chunks: readonly BudgetChunk[], limitKb: number): string | null {
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  for (const entry of chunks.filter((c) => c.isEntry)) {
    const loaded = new Set<string>()
    const load = (name: string): void => {
      const chunk = byName.get(name)
      if (chunk === undefined || loaded.has(name)) return
      loaded.add(name)
      for (const imported of chunk.imports) load(imported)
    }
    load(entry.fileName)
    const kb =
      [...loaded].reduce((sum, name) => sum + Buffer.byteLength(byName.get(name)?.code ?? ''), 0) / 1000
    if (kb > limitKb)
      return `${entry.fileName} and its static imports are ${kb.toFixed(1)} kB, over the ${limitKb} kB budget: ${[...loaded].join(', ')}`
  }
  return null
}
