import type { ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Cut } from './download-faults.ts'
import type { ServedRange } from './served-ranges.ts'

/**
 * Paces a body to a rate, like nginx's limit_rate: slices of a tenth of a second's worth, each sent once the time
 * the bytes before it are due has come. Pure arithmetic on a clock reading, so it is tested without waiting.
 */
export class Pacer {
  readonly slice: number

  constructor(
    private readonly bytesPerSec: number,
    private readonly startedAt: number,
  ) {
    this.slice = Math.max(1, Math.floor(bytesPerSec / 10))
  }

  /** How long to wait before the next slice, once `sent` bytes have gone out and the clock reads `now`. */
  waitMs(sent: number, now: number): number {
    return Math.max(0, this.startedAt + (sent / this.bytesPerSec) * 1000 - now)
  }
}

export interface BodyPlan {
  /** Announced bytes (Content-Length). */
  length: number
  /** A stream of the first `bytes` of them. */
  open(bytes: number): Readable
  cut: Cut | null
  /** 0 = as fast as the connection takes it. */
  bytesPerSec: number
}

/**
 * Sends a download's body and notes in `served` how many bytes went out and how it ended. Without faults it is
 * one stream pipeline from disk to the socket with 1 MiB reads and only a byte count per chunk, so the sandbox is
 * not what limits a benchmark's download. A cut or a pace takes the slow path, which writes piece by piece, each
 * counted once the kernel has it.
 */
export async function sendBody(res: ServerResponse, body: BodyPlan, served: ServedRange): Promise<void> {
  if (body.cut === null && body.bytesPerSec === 0) return fastPath(res, body, served)
  const toSend = body.cut?.after ?? body.length
  const pacer = body.bytesPerSec > 0 ? new Pacer(body.bytesPerSec, Date.now()) : null
  // Headers go out even when the cut falls before the first byte.
  if (!(await handOver(res, Buffer.alloc(0)))) return gone(served)
  if (toSend > 0) {
    const src = body.open(toSend)
    try {
      for await (const chunk of src as AsyncIterable<Buffer>) {
        for (let at = 0; at < chunk.length; ) {
          const piece = chunk.subarray(at, pacer ? at + pacer.slice : chunk.length)
          if (pacer) await sleep(pacer.waitMs(served.sent, Date.now()))
          if (!(await handOver(res, piece))) return gone(served)
          served.sent += piece.length
          at += piece.length
        }
      }
    } finally {
      src.destroy()
    }
  }
  const socket = res.socket
  if (body.cut === null) {
    res.end()
    served.outcome = 'complete'
  } else if (body.cut.how === 'drop') {
    socket?.resetAndDestroy()
    served.outcome = 'drop'
  } else {
    socket?.destroySoon()
    served.outcome = 'short'
  }
}

async function fastPath(res: ServerResponse, body: BodyPlan, served: ServedRange): Promise<void> {
  const src = body.open(body.length)
  // Bytes read so far: what went out, give or take the chunks still buffered on the way to the socket.
  src.on('data', (chunk: Buffer) => {
    served.sent += chunk.length
  })
  try {
    await pipeline(src, res)
    served.outcome = 'complete'
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw err
    served.outcome = 'client-gone'
  }
}

function gone(served: ServedRange): void {
  served.outcome = 'client-gone'
}

/**
 * Writes one piece and resolves once it is handed to the kernel (true), or once the connection closed first
 * (false): a write callback may never come after the client went away, and a paced body must stop then.
 */
function handOver(res: ServerResponse, piece: Buffer): Promise<boolean> {
  if (res.destroyed || res.socket?.destroyed !== false) return Promise.resolve(false)
  return new Promise((resolve) => {
    const onClose = () => resolve(false)
    res.once('close', onClose)
    res.write(piece, (err) => {
      res.off('close', onClose)
      resolve(!err)
    })
  })
}
