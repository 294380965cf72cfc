// Reading an answer's body: whole with a size cap, or only the values a call needs, as it arrives.
import { setImmediate as nextTurn } from 'node:timers/promises'
import { JSONParser } from '@streamparser/json'
import { FiledockError } from '../../shared/errors.ts'
import { actionOf } from './actions.ts'

/** API answers are small JSON documents; anything bigger is not an answer we can use. */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024

/** Kept of an answer that is not JSON, for the error that describes it (an HTML page, a proxy's text). */
const HEAD_BYTES = 64 * 1024

/**
 * Bytes parsed between two turns of the event loop (~2 ms of parsing). Chunks already buffered are handed over
 * without one (an async iterator's next() resolves at once), and a fast host buffers many: parsed back to back,
 * a 15 MB answer held main for 50 ms at a time, and a window of the file pane waited behind it.
 */
const PARSE_SLICE = 64 * 1024

/**
 * Reads a JSON answer as it arrives and keeps only the values at `paths` (dotted: `result.folders`), rebuilt into
 * an object of the same shape. Everything else is parsed and let go value by value: a folder/list of a
 * 100,000-file folder is 15 MB of file records that a subfolder lookup never uses, and one JSON.parse of it held
 * the event loop for ~100 ms. A body that is not JSON goes to `unreadable` with its first bytes.
 */
export async function readPicked(
  body: AsyncIterable<Buffer> & { destroy(): void },
  op: string,
  paths: readonly string[],
  unreadable: (head: string) => never,
): Promise<Record<string, unknown>> {
  const picked: Record<string, unknown> = {}
  const parser = new JSONParser({ paths: paths.map((p) => `$.${p}`), keepStack: false })
  parser.onValue = ({ value, key, stack }) => {
    // The path of the value, from the keys on the stack below it (stack[0] is the document itself).
    const keys = [...stack.slice(1).map((s) => String(s.key)), String(key)]
    let into = picked
    for (const k of keys.slice(0, -1)) {
      if (typeof into[k] !== 'object' || into[k] === null) into[k] = {}
      into = into[k] as Record<string, unknown>
    }
    into[keys[keys.length - 1] as string] = value
  }
  // Only the parser's failures say the body is not JSON; the connection's (a reset, the time limit) pass on as
  // they are, for the caller to name.
  const head: Buffer[] = []
  let headSize = 0
  const notJson = () => unreadable(Buffer.concat(head).subarray(0, HEAD_BYTES).toString('utf8'))
  let sinceTurn = 0
  for await (const chunk of capped(body, op)) {
    if (headSize < HEAD_BYTES) {
      head.push(chunk)
      headSize += chunk.length
    }
    for (let at = 0; at < chunk.length; at += PARSE_SLICE) {
      if (sinceTurn >= PARSE_SLICE) {
        await nextTurn()
        sinceTurn = 0
      }
      const slice = chunk.subarray(at, at + PARSE_SLICE)
      sinceTurn += slice.length
      try {
        // After the document, whitespace passes and anything else fails, as with JSON.parse.
        parser.write(slice)
      } catch {
        notJson()
      }
    }
  }
  try {
    if (!parser.isEnded) parser.end()
  } catch {
    notJson()
  }
  return picked
}

/** Reads the answer with a size cap, so a runaway or hostile host cannot exhaust memory. */
export async function readAnswer(
  body: AsyncIterable<Buffer> & { destroy(): void },
  op: string,
): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of capped(body, op)) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

/** The body's chunks, failing (and dropping the connection) once they pass MAX_ANSWER_BYTES. */
async function* capped(
  body: AsyncIterable<Buffer> & { destroy(): void },
  op: string,
): AsyncGenerator<Buffer> {
  let size = 0
  for await (const chunk of body) {
    size += chunk.length
    if (size > MAX_ANSWER_BYTES) {
      body.destroy()
      throw new FiledockError({
        kind: 'malformed',
        message: `The host's answer when ${actionOf(op)} is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB; refusing to read it.`,
        operation: op,
      })
    }
    yield chunk
  }
}
