import { describe, expect, it, vi } from 'vitest'
import { readPicked } from './answer-body.ts'
import { countTurns } from './testing/loop-turns.ts'

/** A body whose bytes are all there already, as when a fast host's answer is buffered before it is read. */
function buffered(...chunks: Buffer[]) {
  return {
    async *[Symbol.asyncIterator]() {
      yield* chunks
    },
    destroy() {},
  }
}

const notJson = (head: string): never => {
  throw new Error(`not JSON: ${head.slice(0, 40)}`)
}

describe('reading only the values a call needs', () => {
  it('lets the event loop turn while it parses an answer that arrived whole (100,000 file records in one chunk)', async () => {
    const files = Array.from({ length: 100_000 }, (_, i) => ({
      fld_id: 5,
      link: `http://host.example/code${i}`,
      file_code: `code${String(i).padStart(8, '0')}`,
      name: `file-${i}.bin`,
    }))
    const text = JSON.stringify({
      status: 200,
      result: { files, folders: [{ fld_id: 7, name: 'Ünïcode ✓' }] },
    })
    const counting = countTurns()
    const picked = await readPicked(buffered(Buffer.from(text)), 'folder/list', ['result.folders'], notJson)
    const turns = counting.stop()
    expect(picked).toEqual({ result: { folders: [{ fld_id: 7, name: 'Ünïcode ✓' }] } })
    // One turn at least every 64 KiB parsed: a window asked meanwhile waits for a slice, not the whole answer.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(Buffer.byteLength(text) / (64 * 1024)) - 1)
  })

  it('reads characters split across slices and chunks whole', async () => {
    const text = JSON.stringify({ result: { folders: [{ name: `${'€'.repeat(70_000)}✓` }] } })
    const bytes = Buffer.from(text)
    // Cut inside a three-byte character, and again inside the next slice.
    const picked = await readPicked(
      buffered(bytes.subarray(0, 70_001), bytes.subarray(70_001, 140_003), bytes.subarray(140_003)),
      'folder/list',
      ['result.folders'],
      notJson,
    )
    expect(picked).toEqual(JSON.parse(text))
  })

  it('parses a small answer whole, in one JSON.parse, with the same values as a streamed one', async () => {
    const folders = [{ fld_id: 7, name: 'Ünïcode ✓' }]
    const files = Array.from({ length: 1_000 }, (_, i) => ({ file_code: `code${i}`, name: `file-${i}.bin` }))
    const text = JSON.stringify({ status: 200, msg: 'OK', result: { files, folders } })
    expect(Buffer.byteLength(text)).toBeLessThan(256 * 1024)
    const paths = ['status', 'msg', 'error', 'result.folders']
    const parse = vi.spyOn(JSON, 'parse')
    const bytes = Buffer.from(text)
    const small = await readPicked(
      buffered(bytes.subarray(0, 1_000), bytes.subarray(1_000)),
      'folder/list',
      paths,
      notJson,
    )
    expect(parse).toHaveBeenCalledTimes(1)
    parse.mockClear()
    // The same document padded past the limit (whitespace is JSON too) is streamed: no whole parse.
    const padded = Buffer.from(`${text}${' '.repeat(300 * 1024)}`)
    const streamed = await readPicked(buffered(padded), 'folder/list', paths, notJson)
    expect(parse).not.toHaveBeenCalledWith(expect.stringContaining('"folders"'))
    parse.mockRestore()
    expect(small).toEqual({ status: 200, msg: 'OK', result: { folders } })
    expect(streamed).toEqual(small)
  })

  it('refuses a small answer that is not JSON as a streamed one would', async () => {
    await expect(
      readPicked(buffered(Buffer.from('<html>busy</html>')), 'folder/list', ['result.folders'], notJson),
    ).rejects.toThrow('not JSON: <html>busy</html>')
    await expect(
      readPicked(
        buffered(Buffer.from('{"result":{"folders":[]}} x')),
        'folder/list',
        ['result.folders'],
        notJson,
      ),
    ).rejects.toThrow('not JSON')
  })
})
