import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { scanPaths } from './scan.ts'
import { makeTempDir, removeTempDir } from './scan-test-support.ts'

// Enqueueing what a user drops must feel instant (the `queue` bench times 10,000 paths). What makes the scan
// fast is checked here: the file-system calls it makes, counted. Synchronous calls in time slices (scan-fs.ts
// says why: the promise API's thread pool and hand-offs cost 5-10 times more), a folder's entry types from
// readdir instead of a stat each, and one open + fstat + close per file, whose stat also gives size and time.
const COUNT = 10_000

/** Every function of node:fs and node:fs/promises, counted by name while `on` (classes and constants as they are). */
const counted = vi.hoisted(() => {
  const state = { on: false, calls: new Map<string, number>() }
  const wrap = (module: Record<string, unknown>, prefix: string): Record<string, unknown> => {
    const out: Record<string, unknown> = {}
    for (const [name, value] of Object.entries(module)) {
      const isFunction = typeof value === 'function' && /^[a-z]/.test(name)
      out[name] = isFunction
        ? (...args: unknown[]) => {
            if (state.on) state.calls.set(prefix + name, (state.calls.get(prefix + name) ?? 0) + 1)
            return (value as (...a: unknown[]) => unknown)(...args)
          }
        : value
    }
    return out
  }
  return { state, wrap }
})
vi.mock('node:fs', async (original) => {
  const fs = counted.wrap(await original(), '')
  fs.promises = counted.wrap(fs.promises as Record<string, unknown>, 'promises.')
  return { ...fs, default: fs }
})
vi.mock('node:fs/promises', async (original) => {
  const fs = counted.wrap(await original(), 'promises.')
  return { ...fs, default: fs }
})

/** The file-system calls `work` makes, by name. */
async function fsCalls<T>(work: () => Promise<T>): Promise<{ value: T; calls: Record<string, number> }> {
  counted.state.calls.clear()
  counted.state.on = true
  try {
    const value = await work()
    return { value, calls: Object.fromEntries(counted.state.calls) }
  } finally {
    counted.state.on = false
  }
}

let dir: string
/** The folder's files, each also given as a path of its own. */
let individual: string[]
beforeAll(async () => {
  dir = await makeTempDir()
  mkdirSync(join(dir, 'big'))
  individual = []
  for (let i = 0; i < COUNT; i++) {
    const path = join(dir, 'big', `photo-${i}.jpg`)
    writeFileSync(path, 'x')
    individual.push(path)
  }
  // 10,000 files to write: on a machine loaded by other runs this took 15 s, past the default 30 s at load 19.
}, 120_000)
afterAll(async () => {
  await removeTempDir(dir)
})

it(`scans a folder of ${COUNT} files with three synchronous file-system calls a file`, async () => {
  const { value, calls } = await fsCalls(() => scanPaths([join(dir, 'big')]))
  expect(value.files).toHaveLength(COUNT)
  expect(value.totalBytes).toBe(COUNT)
  expect(value.problems).toEqual([])
  // The folder: a stat for what it is, one for its identity (links that loop), one readdir with entry types.
  expect(calls).toEqual({ statSync: 2, readdirSync: 1, openSync: COUNT, fstatSync: COUNT, closeSync: COUNT })
})

it(`scans ${COUNT} individual file paths with three synchronous file-system calls a path`, async () => {
  const { value, calls } = await fsCalls(() => scanPaths(individual))
  expect(value.files).toHaveLength(COUNT)
  expect(value.files.every((f) => f.relDir.length === 0)).toBe(true)
  expect(value.totalBytes).toBe(COUNT)
  // A path given by the user is stat'ed to learn what it is; that stat gives the size, so no fstat follows.
  expect(calls).toEqual({ statSync: COUNT, openSync: COUNT, closeSync: COUNT })
})

it('yields to the event loop while scanning, so the main process stays responsive', async () => {
  let ticks = 0
  const timer = setInterval(() => ticks++, 1)
  try {
    await scanPaths([join(dir, 'big')])
  } finally {
    clearInterval(timer)
  }
  expect(ticks).toBeGreaterThan(0)
})
