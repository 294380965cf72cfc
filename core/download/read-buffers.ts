/**
 * Lets go of the network's read buffers in a process that cares about its peak memory (the CLI).
 *
 * Every socket read lands in a fresh ArrayBuffer (Node allocates one per read, undici joins reads into new ones),
 * and a body's chunks are views of them: their memory is freed only when V8 collects their small wrappers. A
 * download allocates almost nothing on the JavaScript heap per chunk, so scavenges are rare for the bytes that go
 * through, and a chunk that waited in the part writer across two of them is promoted to the old generation,
 * where only a full collection (started by V8's 64 MiB external-memory limit) frees it: `filedock download`
 * peaked at 97–114 MiB for 128 MiB to 1 GiB where the same process fetching 1 KiB peaks at 72 MiB.
 *
 * With a reclaimer set, the part writer (part-writer.ts) asks for a young-generation collection every
 * RECLAIM_EVERY bytes it has written. A chunk lives from its read until its batch is written: at most twice the
 * writer's HIGH_WATER of bytes later, less than RECLAIM_EVERY, so it meets at most one forced collection and dies
 * young, never promoted (a collection every 1 MiB with 4 MiB batches made the peak worse: 112–124 MiB). The app
 * sets none: its process lives long and V8's own pacing suits it.
 */
export const RECLAIM_EVERY = 1 << 20

/** A young-generation collection (the CLI's `gc({ type: 'minor' })`, cli/young-gc.ts). */
export type Reclaim = () => void

let reclaim: Reclaim | null = null
let sinceReclaim = 0

/** Until the returned function restores the previous one, `next` runs every RECLAIM_EVERY bytes written. */
export function setReclaim(next: Reclaim | null): () => void {
  const previous = reclaim
  reclaim = next
  sinceReclaim = 0
  return () => {
    reclaim = previous
    sinceReclaim = 0
  }
}

/** The part writer wrote `bytes` of chunks read from the network: their buffers are garbage now. */
export function buffersWritten(bytes: number): void {
  if (reclaim === null) return
  sinceReclaim += bytes
  if (sinceReclaim < RECLAIM_EVERY) return
  sinceReclaim %= RECLAIM_EVERY
  reclaim()
}
