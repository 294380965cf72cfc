// Reading an answer's body: whole with a size cap, or only the values a call needs, as it arrives.
import { setImmediate as nextTurn } from 'node:timers/promises'
import { defineMessage } from '@formatjs/intl'
import { JSONParser } from '@streamparser/json'
import { translatedError } from '../../shared/i18n/error-text.ts'

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
 * An answer no bigger than this is parsed whole, by JSON.parse, once it has all arrived: ~1 ms for 256 KiB, a tenth
 * of the streaming parser's time. A crawl's folder walk reads a folder listing per folder (140 KB each for folders
 * of 1,000 files), and streaming them took ~0.9 s of main's time per 100,000 files. A bigger answer is streamed.
 */
const WHOLE_UP_TO = 256 * 1024

/**
 * Reads a JSON answer as it arrives and keeps only the values at `paths` (dotted: `result.folders`), rebuilt into
 * an object of the same shape. In a big answer everything else is parsed and let go value by value: a
 * folder/list of a 100,000-file folder is 15 MB of file records that a subfolder lookup never uses, and one
 * JSON.parse of it held the event loop for ~100 ms. A small one is parsed whole (WHOLE_UP_TO). A body that is not
 * JSON goes to `unreadable` with its first bytes.
 */
export async function readPicked(
  body: AsyncIterable<Buffer> & { destroy(): void },
  op: string,
  paths: readonly string[],
  unreadable: (head: string) => never,
): Promise<Record<string, unknown>> {
  const picked: Record<string, unknown> = {}
  const pick = (keys: readonly string[], value: unknown) => {
    let into = picked
    for (const k of keys.slice(0, -1)) {
      if (typeof into[k] !== 'object' || into[k] === null) into[k] = {}
      into = into[k] as Record<string, unknown>
    }
    into[keys[keys.length - 1] as string] = value
  }
  const parser = new JSONParser({ paths: paths.map((p) => `$.${p}`), keepStack: false })
  // The path of the value, from the keys on the stack below it (stack[0] is the document itself).
  parser.onValue = ({ value, key, stack }) =>
    pick([...stack.slice(1).map((s) => String(s.key)), String(key)], value)
  // Only the parser's failures say the body is not JSON; the connection's (a reset, the time limit) pass on as
  // they are, for the caller to name.
  const head: Buffer[] = []
  let headSize = 0
  const notJson = () => unreadable(Buffer.concat(head).subarray(0, HEAD_BYTES).toString('utf8'))
  let sinceTurn = 0
  const stream = async (chunk: Buffer) => {
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
  /** The body so far, while it may still be small enough to be parsed whole; null once it is streamed. */
  let whole: Buffer[] | null = []
  let size = 0
  for await (const chunk of capped(body, op)) {
    if (headSize < HEAD_BYTES) {
      head.push(chunk)
      headSize += chunk.length
    }
    if (whole === null) {
      await stream(chunk)
      continue
    }
    whole.push(chunk)
    size += chunk.length
    if (size <= WHOLE_UP_TO) continue
    const before = whole
    whole = null
    for (const c of before) await stream(c)
  }
  if (whole !== null) {
    let doc: unknown
    try {
      doc = JSON.parse(Buffer.concat(whole).toString('utf8'))
    } catch {
      notJson()
    }
    for (const path of paths) {
      const keys = path.split('.')
      const value = valueAt(doc, keys)
      if (value !== undefined) pick(keys, value)
    }
    return picked
  }
  try {
    if (!parser.isEnded) parser.end()
  } catch {
    notJson()
  }
  return picked
}

/** The value at `keys` inside objects (as the streaming parser's paths match), or undefined. */
function valueAt(doc: unknown, keys: readonly string[]): unknown {
  let at = doc
  for (const k of keys) {
    if (typeof at !== 'object' || at === null || Array.isArray(at) || !Object.hasOwn(at, k)) return undefined
    at = (at as Record<string, unknown>)[k]
  }
  return at
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
      throw translatedError({ kind: 'malformed', operation: op }, TOO_LARGE, { limitBytes: MAX_ANSWER_BYTES })
    }
    yield chunk
  }
}

const TOO_LARGE = defineMessage({
  id: 'errors.host.answerTooLarge',
  defaultMessage: "The host's answer when {action} is larger than {limitBytes}; refusing to read it.",
})
