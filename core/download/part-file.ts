import { defineMessages } from '@formatjs/intl'
import type { DirectLink } from '../../shared/api/types.ts'
import type { FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { ApiClient } from '../api/client.ts'
import { BodyCut, type BytesAnswer, DOWNLOAD_OPERATION, LinkGone } from '../api/file-server.ts'
import { cancelledError } from '../api/http.ts'
import type { TokenBucket } from '../queue/throttle.ts'
import { inDiskWords } from './disk-errors.ts'
import { DEFAULT_SYNC, PartWriter, type SyncPolicy } from './part-writer.ts'
import { partPathOf } from './work-files.ts'

/**
 * One call fetches one file into its work file (work-files.ts), resuming from the bytes already there, and
 * returns once the writer has put exactly the file's size in the work file; placeFile (place-file.ts) then renames it into place.
 * What is not done here is left to the caller, the queue: a cut body, a 5xx or a 429 is thrown (the queue
 * classifies, waits and calls again, which continues from the bytes on disk), a full disk is thrown as local_disk.
 *
 * Decisions:
 * - The direct link's size wins over the size the caller knew (the plan's, from the index): it is asked just
 *   before the download starts and is the host's word now. `size` in the result tells the caller.
 * - A file server whose answer states another size than direct_link's is an inconsistent host: a 'server' error
 *   without a status, which the queue retries (the next link may agree), never a file of either size.
 * - A work file longer than the file: its bytes cannot be trusted (the file changed, or another program wrote
 *   there), so it is emptied and fetched from 0.
 * - 403/404/410 (an expired link, at the first request or on a resume): a fresh link from `link()`, at most
 *   MAX_LINK_REFRESHES times per call, continuing from the bytes on disk; then LinkGone goes to the caller.
 * - 200 to a ranged request: the host ignored Range, or If-Range found the file changed (its validator differs):
 *   the work file is emptied and written from 0, and `restarted` says which.
 */

export const MAX_LINK_REFRESHES = 3

export interface FetchPartOptions {
  /** The folder the file goes into (it exists). The work file lives there too. */
  dir: string
  /** The file's safe local name (shared/local-names.ts). */
  localName: string
  fileCode: string
  /** The file's size as the caller knows it; direct_link's wins (see `size` in the result). */
  size: number
  /** A fresh direct link (file/direct_link), asked before the first request and again when it expires. */
  link(): Promise<DirectLink>
  server: Pick<ApiClient, 'openRange'>
  /** The download direction's bandwidth limit. */
  bucket: TokenBucket
  /** Bytes in the work file and the file's size, after every chunk (the ProgressMeter's `update`). */
  onProgress(done: number, total: number): void
  signal: AbortSignal
  /** If-Range for a resume: the validator an earlier answer for this work file gave (the caller keeps it). */
  validator?: string | null
  /**
   * A new validator arrived and the work file is about to hold some of its bytes, not all: the caller keeps it
   * (before those bytes are on disk) for If-Range. Not called when the answer's first chunk completes the file.
   */
  onValidator?(validator: string | null): void | Promise<void>
  /** The work file was just emptied to fetch the file from 0 again, and why (the caller shows it at once). */
  onRestart?(why: 'range-ignored' | 'changed'): void | Promise<void>
  /** When the work file is fsynced before its end (part-writer.ts). */
  sync?: SyncPolicy
}

export interface FetchedPart {
  /** The work file, holding exactly `size` bytes, fsynced. */
  part: string
  size: number
  /** Bytes that came over the network in this call. */
  bytesFetched: number
  /** The work file was started again from 0 in this call: the host ignored Range, or the file changed. */
  restarted?: 'range-ignored' | 'changed'
  validator: string | null
}

/**
 * Fetches the file into its work file. The caller holds the work file's lock (lockPart) from before this call
 * until the file is placed: downloadFile (download-file.ts) does both.
 */
export async function fetchPart(o: FetchPartOptions): Promise<FetchedPart> {
  const part = partPathOf(o.dir, o.localName, o.fileCode)
  const job = new PartFetch(o, part)
  try {
    return await job.run()
  } catch (err) {
    throw await inDiskWords(err, part, { dir: o.dir, name: o.localName, size: job.fileSize })
  }
}

/** One call's state: the link, the size it promises, the writer, and what came over the network. */
class PartFetch {
  private url = ''
  private size: number
  private validator: string | null
  private restarted: FetchedPart['restarted']
  private fetched = 0
  private refreshes = 0
  private writer: PartWriter | null = null

  constructor(
    private readonly o: FetchPartOptions,
    private readonly part: string,
  ) {
    this.size = o.size
    this.validator = o.validator ?? null
  }

  /** The file's size as this call knows it (direct_link's, once asked). */
  get fileSize(): number {
    return this.size
  }

  async run(): Promise<FetchedPart> {
    await this.relink()
    const writer = await PartWriter.open(this.part, this.o.sync ?? DEFAULT_SYNC)
    this.writer = writer
    try {
      if (writer.size > this.size) await writer.truncate()
      this.o.onProgress(writer.size, this.size)
      while (writer.size < this.size) {
        const answer = await this.open(writer.size)
        if (answer !== null) await this.take(answer, writer)
      }
      await writer.close()
    } finally {
      await writer.abandon()
    }
    // The writer counted exactly `size` bytes; the disk's word on it is placeFile's, which checks the work file's
    // size right before it takes the name (a stat here as well was one more per file, for the same guarantee).
    return {
      part: this.part,
      size: this.size,
      bytesFetched: this.fetched,
      ...(this.restarted ? { restarted: this.restarted } : {}),
      validator: this.validator,
    }
  }

  /** Asks for the bytes from `from`; null when the link expired and a fresh one was fetched (ask again). */
  private async open(from: number): Promise<BytesAnswer | null> {
    const ifRange = from > 0 ? this.validator : null
    let answer: Awaited<ReturnType<FetchPartOptions['server']['openRange']>>
    try {
      answer = await this.o.server.openRange(this.url, { start: from, ifRange, signal: this.o.signal })
    } catch (err) {
      if (!(err instanceof LinkGone) || this.refreshes >= MAX_LINK_REFRESHES) throw err
      this.refreshes++
      await this.relink()
      return null
    }
    if (answer.status === 416) {
      // Asked from inside the file (from < size): the host thinks it shorter than direct_link says, or misreads.
      throw answer.total === this.size ? this.refusedRange(from) : this.sizeDisagrees(answer.total)
    }
    if (answer.total !== null && answer.total !== this.size) {
      answer.body.close()
      throw this.sizeDisagrees(answer.total)
    }
    return answer
  }

  /** Writes an answer's body to the work file, through the bandwidth limit. */
  private async take(answer: BytesAnswer, writer: PartWriter): Promise<void> {
    const { body } = answer
    try {
      if (answer.start === 0 && writer.size > 0) {
        const changed =
          this.validator !== null && answer.validator !== null && answer.validator !== this.validator
        this.restarted = changed ? 'changed' : 'range-ignored'
        await writer.truncate()
        this.o.onProgress(0, this.size)
        await this.o.onRestart?.(this.restarted)
      }
      // A new validator is handed to the caller to keep only before a write that leaves the work file short: If-Range
      // serves a resume, and a work file that holds every byte is placed without a request. A small file whose body
      // comes in one chunk (most of a folder of small files) then costs no journal line for it.
      let toKeep = answer.validator !== this.validator
      this.validator = answer.validator
      for await (const chunk of body) {
        if (writer.size + chunk.length > this.size) throw this.tooLong(writer.size + chunk.length)
        await this.o.bucket.take(chunk.length, this.o.signal).catch((err: unknown) => {
          throw this.o.signal.aborted ? cancelledError(DOWNLOAD_OPERATION, err) : err
        })
        if (toKeep && writer.size + chunk.length < this.size) {
          toKeep = false
          await this.o.onValidator?.(this.validator)
        }
        await writer.write(chunk)
        this.fetched += chunk.length
        this.o.onProgress(writer.size, this.size)
      }
    } finally {
      body.close()
    }
    if (writer.size < this.size) {
      // A 200 without Content-Length that ended early: the end of a body is all such a host says.
      const got = writer.size - answer.start
      throw new BodyCut(
        PART.endedShort,
        { got, short: this.size - writer.size, name: this.o.localName },
        got,
        this.size - answer.start,
      )
    }
  }

  private async relink(): Promise<void> {
    const link = await this.o.link()
    this.url = link.url
    if (link.size !== this.size) {
      this.size = link.size
      if (this.writer !== null && this.writer.size > this.size) await this.writer.truncate()
    }
  }

  private sizeDisagrees(total: number | null): FiledockError {
    const says = total === null ? { known: 'no', total: 0 } : { known: 'yes', total }
    return translatedError({ kind: 'server', operation: DOWNLOAD_OPERATION }, PART.sizeDisagrees, {
      name: this.o.localName,
      ...says,
      size: this.size,
    })
  }

  private refusedRange(from: number): FiledockError {
    return translatedError({ kind: 'malformed', operation: DOWNLOAD_OPERATION }, PART.refusedRange, {
      name: this.o.localName,
      from,
      size: this.size,
    })
  }

  private tooLong(bytes: number): FiledockError {
    return translatedError({ kind: 'malformed', operation: DOWNLOAD_OPERATION }, PART.tooLong, {
      bytes,
      name: this.o.localName,
      size: this.size,
    })
  }
}

/** Exact byte counts, not sizes: a few bytes too many or too few is the whole point of these messages. */
const PART = defineMessages({
  endedShort: {
    id: 'errors.download.endedShort',
    defaultMessage:
      "The file server's answer ended after {got, number} bytes, {short, number} short of {name}. What arrived is kept; the download continues from there.",
  },
  sizeDisagrees: {
    id: 'errors.download.sizeDisagrees',
    defaultMessage:
      "The file server says {name} has {known, select, yes {{total, number}} other {fewer}} bytes, the host's direct link {size, number}. Nothing is saved under its name until they agree; it will be tried again.",
  },
  refusedRange: {
    id: 'errors.download.refusedRange',
    defaultMessage:
      'The file server refused the bytes of {name} from {from} on (HTTP 416), inside its {size, number} bytes. It will be tried again.',
  },
  tooLong: {
    id: 'errors.download.tooLong',
    defaultMessage:
      'The file server sent more bytes ({bytes, number}) than {name} has ({size, number}). The extra bytes were not saved; it will be tried again.',
  },
})
