import fs from 'node:fs'
import { rename, unlink } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { syncFolder } from '../core/durable/folder-sync.ts'
import { prng, randomToken } from './codes.ts'
import type { Ctx } from './context.ts'
import type { FileRec } from './model.ts'

/** Big buffers: one write syscall per MiB instead of per 64 KiB socket chunk. */
export const streamHwm = 1 << 20

export function tempPath(ctx: Ctx): string {
  return path.join(ctx.tmpDir, randomToken(20))
}

/** A write stream that fsyncs before closing, so a finished temp file is on disk before it is renamed in. */
export function tempWriter(file: string): fs.WriteStream {
  return fs.createWriteStream(file, { flush: true, highWaterMark: streamHwm })
}

/**
 * Moves synced temp files into blobs/ under fresh ids and syncs the directory, so the renames survive a crash
 * too. Returns the blob ids in order.
 */
export async function adoptBlobs(ctx: Ctx, temps: string[]): Promise<string[]> {
  const ids: string[] = []
  for (const tmp of temps) {
    const id = randomToken(20)
    await rename(tmp, path.join(ctx.blobsDir, id))
    ids.push(id)
  }
  if (ids.length > 0) await syncFolder(ctx.blobsDir)
  return ids
}

export async function removeQuietly(files: string[]): Promise<void> {
  await Promise.all(files.map((f) => unlink(f).catch(() => undefined)))
}

/** The bytes [start, end] (inclusive) of a file: from its blob, or generated for a seeded file. */
export function contentStream(ctx: Ctx, rec: FileRec, start: number, end: number): Readable {
  if (rec.blob !== null) {
    return fs.createReadStream(path.join(ctx.blobsDir, rec.blob), { start, end, highWaterMark: streamHwm })
  }
  return generatedStream(rec.virt ?? 0, start, end)
}

const patternSize = 1 << 16

/** Content of a seeded file: a 64 KiB pseudo-random pattern derived from its seed, repeated. */
function generatedStream(seed: number, start: number, end: number): Readable {
  const rand = prng(seed)
  const pattern = Buffer.alloc(patternSize)
  for (let i = 0; i < patternSize; i++) pattern[i] = Math.floor(rand() * 256)
  let pos = start
  return new Readable({
    highWaterMark: streamHwm,
    read() {
      if (pos > end) {
        this.push(null)
        return
      }
      const chunk = Buffer.allocUnsafe(Math.min(streamHwm, end - pos + 1))
      let filled = 0
      while (filled < chunk.length) {
        const off = (pos + filled) % patternSize
        filled += pattern.copy(chunk, filled, off, Math.min(patternSize, off + chunk.length - filled))
      }
      pos += chunk.length
      this.push(chunk)
    },
  })
}
