import type { Plugin } from 'vite'

/** What the budget needs of an output chunk. */
export interface BudgetChunk {
  fileName: string
  code: string
  isEntry: boolean
  /** The chunks it imports statically (loaded with it, before it runs). */
  imports: string[]
  /** The modules it holds. */
  moduleIds: string[]
}

/** Which module ids the first paint waits for although they are imported lazily (the default language's catalogue). */
export type AwaitedModule = (moduleId: string) => boolean

/** What the window reads before its first paint, from one entry. */
export interface FirstPaint {
  files: string[]
  codeKb: number
  /** kB of the lazy chunks the first paint waits for (the default language), and their static imports. */
  awaitedKb: number
}

/**
 * Fails the build when the JavaScript the window reads before its first paint passes `limitKb` (kB of 1,000
 * bytes, as Vite counts): the entry chunk and every chunk it imports statically, so moving code into a chunk
 * the entry imports anyway does not pass for a saving; and the lazy chunks the window waits for before it
 * paints anything (`awaited`: the default language's catalogue, IntlRoot renders nothing until it is there).
 * The other lazy chunks (another language, the dashboard) do not count. A warning is read by nobody; a failed
 * build is. Within budget, the build's info log says where it stands.
 */
export function chunkBudget(limitKb: number, awaited?: AwaitedModule): Plugin {
  return {
    name: 'filedock:chunk-budget',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) =>
        c.type === 'chunk' ? [{ ...c, moduleIds: Object.keys(c.modules) }] : [],
      )
      const over = overBudget(chunks, limitKb, awaited)
      if (over !== null) this.error(over)
      for (const entry of chunks.filter((c) => c.isEntry)) {
        const paint = firstPaint(chunks, entry, awaited)
        this.info(`first paint: ${summary(paint)} of the ${limitKb} kB budget (${paint.files.join(', ')})`)
      }
    },
  }
}

/** The failure for the first entry over budget (or whose awaited chunk is missing), null when all are within it. */
export function overBudget(
  chunks: readonly BudgetChunk[],
  limitKb: number,
  awaited?: AwaitedModule,
): string | null {
  if (awaited !== undefined && !chunks.some((c) => c.moduleIds.some(awaited)))
    return "no chunk holds what the first paint waits for (the default language's catalogue): the budget would no longer count it"
  for (const entry of chunks.filter((c) => c.isEntry)) {
    const paint = firstPaint(chunks, entry, awaited)
    const kb = paint.codeKb + paint.awaitedKb
    if (kb > limitKb)
      return `${entry.fileName} and its static imports are ${kb.toFixed(1)} kB, over the ${limitKb} kB budget: ${paint.files.join(', ')} (${summary(paint)})`
  }
  return null
}

/** The entry, its static imports, then the awaited chunks and theirs (each file once). */
export function firstPaint(
  chunks: readonly BudgetChunk[],
  entry: BudgetChunk,
  awaited?: AwaitedModule,
): FirstPaint {
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  const loaded = new Set<string>()
  const load = (name: string): void => {
    const chunk = byName.get(name)
    if (chunk === undefined || loaded.has(name)) return
    loaded.add(name)
    for (const imported of chunk.imports) load(imported)
  }
  const kbOf = (names: Iterable<string>) =>
    [...names].reduce((sum, name) => sum + Buffer.byteLength(byName.get(name)?.code ?? ''), 0) / 1000
  load(entry.fileName)
  const code = [...loaded]
  if (awaited !== undefined)
    for (const chunk of chunks) if (chunk.moduleIds.some(awaited)) load(chunk.fileName)
  const later = [...loaded].slice(code.length)
  return { files: [...loaded], codeKb: kbOf(code), awaitedKb: kbOf(later) }
}

function summary(paint: FirstPaint): string {
  const total = paint.codeKb + paint.awaitedKb
  return `${total.toFixed(1)} kB = ${paint.codeKb.toFixed(1)} kB of code + ${paint.awaitedKb.toFixed(1)} kB it waits for`
}
