import { defineMessages } from '@formatjs/intl'
import { translatedError } from '../../shared/i18n/error-text.ts'
import type { PreviewBytes } from '../../shared/ipc/preview-contract.ts'
import type { ApiClient } from '../api/client.ts'
import { LinkGone } from '../api/file-server.ts'
import type { ScopedClient } from './client-pool.ts'

/**
 * A direct link is reused for this long: a PDF preview reads its file in many ranges, and asking the host for a
 * link before each would cost an API call per range (hosts of this family rate-limit them). The sandbox's links
 * live 6 hours; a link that stopped working sooner is asked for again (LinkGone).
 */
const LINK_REUSE_MS = 5 * 60_000
/** Files previewed recently whose links are kept (arrows through a folder); the oldest goes first. */
const LINKS_KEPT = 32

/**
 * Quick Look's reads of a file's bytes, for the previews the page cannot fetch itself (text, PDF: file servers
 * send no CORS header). Each read is one ranged GET of the file's direct link, held in memory only and handed to
 * the page: nothing is written to disk. The link is asked for on the first read of a file, when its preview
 * opens, never before.
 */
export class PreviewReader {
  private readonly links = new Map<string, { url: string; at: number }>()

  constructor(
    private readonly clientOf: (accountId: string | undefined) => Promise<ScopedClient>,
    private readonly now: () => number = Date.now,
  ) {}

  async read(
    accountId: string | undefined,
    fileCode: string,
    start: number,
    length: number,
  ): Promise<PreviewBytes> {
    const { accountId: id, client } = await this.clientOf(accountId)
    const key = `${id}:${fileCode}`
    try {
      return await readRange(client, await this.linkOf(key, client, fileCode), start, length)
    } catch (error) {
      if (!(error instanceof LinkGone)) throw error
      // An expired or revoked link: once more with a fresh one (a file gone for good fails again, and says so).
      this.links.delete(key)
      return readRange(client, await this.linkOf(key, client, fileCode), start, length)
    }
  }

  private async linkOf(key: string, client: ApiClient, fileCode: string): Promise<string> {
    const kept = this.links.get(key)
    if (kept && this.now() - kept.at < LINK_REUSE_MS) return kept.url
    const { url } = await client.directLink(fileCode)
    this.links.delete(key)
    this.links.set(key, { url, at: this.now() })
    for (const old of this.links.keys()) {
      if (this.links.size <= LINKS_KEPT) break
      this.links.delete(old)
    }
    return url
  }
}

async function readRange(
  client: ApiClient,
  url: string,
  start: number,
  length: number,
): Promise<PreviewBytes> {
  const answer = await client.openRange(url, { start, end: start + length - 1 })
  if (answer.status === 416) return { base64: '', total: answer.total }
  if (answer.start !== start) {
    answer.body.close()
    // A 200 to a ranged read from the middle: the host ignores Range. Reading on from byte 0 to skip to `start`
    // would fetch the file again for every range, so a preview that needs more than its start says so instead.
    throw translatedError({ kind: 'server', operation: 'file/download' }, TEXT.noRanges)
  }
  const chunks: Buffer[] = []
  let have = 0
  for await (const chunk of answer.body) {
    chunks.push(have + chunk.length > length ? chunk.subarray(0, length - have) : chunk)
    have = Math.min(length, have + chunk.length)
    // A 200 from byte 0 carries the whole file: the rest is not read.
    if (have >= length) break
  }
  answer.body.close()
  return { base64: Buffer.concat(chunks).toString('base64'), total: answer.total }
}

const TEXT = defineMessages({
  noRanges: {
    id: 'errors.preview.noRanges',
    defaultMessage:
      'This file server does not send parts of files, so only the start of a file can be previewed.',
  },
})
