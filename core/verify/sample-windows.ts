import { createHash } from 'node:crypto'

/** Bytes compared at each end of a file in the default mode. */
export const EDGE_BYTES = 1024 * 1024
/** Seeded windows inside the file, each this long. */
export const RANDOM_WINDOWS = 4
export const RANDOM_WINDOW_BYTES = 256 * 1024

/** An inclusive byte range of a file. */
export interface ByteWindow {
  start: number
  end: number
}

/**
 * The ranges the default mode compares: the first and the last MiB (where a truncated, appended or re-encoded
 * file shows first) and RANDOM_WINDOWS windows at offsets drawn from `seed` and the file's path, so two files
 * are not sampled at the same places and a run can be repeated exactly with the same seed. At most 3 MiB per
 * file, whatever its size; a file of 3 MiB or less is read whole. Sorted, merged where they touch.
 * The offsets come from SHA-256 of (seed, path, i) rather than a PRNG: one hash per window is all that is needed.
 */
export function sampleWindows(size: number, seed: number, path: string): ByteWindow[] {
  if (size === 0) return []
  const budget = 2 * EDGE_BYTES + RANDOM_WINDOWS * RANDOM_WINDOW_BYTES
  if (size <= budget) return [{ start: 0, end: size - 1 }]
  const windows: ByteWindow[] = [
    { start: 0, end: EDGE_BYTES - 1 },
    { start: size - EDGE_BYTES, end: size - 1 },
  ]
  const span = size - RANDOM_WINDOW_BYTES
  for (let i = 0; i < RANDOM_WINDOWS; i++) {
    const digest = createHash('sha256').update(`${seed}\0${path}\0${i}`).digest()
    // 48 bits of the digest, exact in a double, spread over every start a window can have.
    const start = Math.floor((digest.readUIntBE(0, 6) / 2 ** 48) * (span + 1))
    windows.push({ start, end: start + RANDOM_WINDOW_BYTES - 1 })
  }
  return merge(windows)
}

/** The whole file as one window (`--full`). */
export function wholeFile(size: number): ByteWindow[] {
  return size === 0 ? [] : [{ start: 0, end: size - 1 }]
}

function merge(windows: ByteWindow[]): ByteWindow[] {
  const sorted = [...windows].sort((a, b) => a.start - b.start)
  const out: ByteWindow[] = []
  for (const w of sorted) {
    const last = out[out.length - 1]
    if (last && w.start <= last.end + 1) last.end = Math.max(last.end, w.end)
    else out.push({ ...w })
  }
  return out
}
