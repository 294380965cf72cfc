import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, type Dispatcher } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type HostVariant, type SandboxHandle, startSandbox } from '../../sandbox/server.ts'
import { LINK_HOST_A, LINK_HOST_B, specVariant, videoRule } from '../../sandbox/variants.ts'
import { FiledockError } from '../../shared/errors.ts'
import { ApiClient } from './client.ts'
import type { HostProfile, LinkBaseMove } from './host-profile.ts'

// The client against each host variant of the sandbox (issue 19): the same journeys end the same way.
let dir: string
let sandbox: SandboxHandle
const clients: ApiClient[] = []

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-variants-'))
  sandbox = await startSandbox({ dataDir: join(dir, 'data') })
})

afterEach(async () => {
  await sandbox.setVariant(specVariant)
  await Promise.all(clients.splice(0).map((c) => c.close()))
})

afterAll(async () => {
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

/** Counts the requests by path, so a test sees which were sent (a refused one included). */
function counting(): { dispatcher: Dispatcher; sent: string[] } {
  const sent: string[] = []
  const dispatcher = new Agent().compose((dispatch) => (opts, handler) => {
    sent.push(String(opts.path).split('?')[0] as string)
    return dispatch(opts, handler)
  })
  return { dispatcher, sent }
}

function clientOf(
  opts: {
    apiKey?: string
    profile?: HostProfile
    learned?: HostProfile[]
    moves?: LinkBaseMove[]
    dispatcher?: Dispatcher
  } = {},
): ApiClient {
  const client = new ApiClient({
    baseUrl: sandbox.baseUrl,
    apiKey: opts.apiKey ?? sandbox.apiKey,
    retryPolicy: { baseDelayMs: 5, maxDelayMs: 20 },
    ...(opts.dispatcher ? { dispatcher: opts.dispatcher } : {}),
    profile: {
      initial: opts.profile,
      onLearn: (_profile, patch) => opts.learned?.push(patch),
      onLinkBaseMoved: (move) => opts.moves?.push(move),
    },
  })
  clients.push(client)
  return client
}

let fileNo = 0
async function files(names: string[]): Promise<string[]> {
  return Promise.all(
    names.map(async (name) => {
      const path = join(dir, `${fileNo++}-${name}`)
      await writeFile(path, `content of ${name}`)
      return path
    }),
  )
}

/**
 * The journey: upload a folder's files through one upload session (as the queue does), list them, open each page
 * link and link-check them. Returns what a user sees at the end, which must not depend on the variant.
 */
async function journey(client: ApiClient, names: string[]) {
  const folder = await client.folderCreate(`f${fileNo}`)
  const server = await client.uploadServer()
  const codes: string[] = []
  for (const [i, path] of (await files(names)).entries()) {
    const up = await client.uploadFile(server, path, { fileName: names[i] as string })
    await client.fileSetFolder(up.fileCode, folder.fldId)
    codes.push(up.fileCode)
  }
  const listed = await client.folderList(folder.fldId)
  const links = codes.map((c) => client.pageLink(c))
  const pages = await Promise.all(links.map(async (l) => (await fetch(l)).status))
  const checked = await client.filesCheck(links)
  return {
    listed: listed.files.map((f) => f.name).sort(),
    pages,
    alive: checked.map((c) => c.found),
    linkHosts: [...new Set(links.map((l) => new URL(l).hostname))],
  }
}

const videos = ['a.mp4', 'b.mkv', 'c.webm']
const plain = {
  listed: [...videos].sort(),
  pages: [200, 200, 200],
  alive: [true, true, true],
}

describe('the journeys end as against the spec', () => {
  it.each<[string, Partial<HostVariant>, string]>([
    ['the spec', {}, '127.0.0.1'],
    ['a separate link domain', { linkHost: LINK_HOST_A }, LINK_HOST_A],
    ['the files answer', { uploadAnswer: 'files' }, '127.0.0.1'],
    [
      'the result answer with links on another domain',
      { uploadAnswer: 'result', linkHost: LINK_HOST_B },
      LINK_HOST_B,
    ],
    ['the file answer with success for status', { uploadAnswer: 'file' }, '127.0.0.1'],
    ['string statuses', { stringStatus: true }, '127.0.0.1'],
    ['an api_key upload form', { formKeyField: 'api_key' }, '127.0.0.1'],
    ['one upload server per file', { serverPerFile: true }, '127.0.0.1'],
    ['video only', { videoOnly: true }, '127.0.0.1'],
    [
      'all of them at once',
      {
        linkHost: LINK_HOST_A,
        uploadAnswer: 'file',
        stringStatus: true,
        formKeyField: 'api_key',
        videoOnly: true,
      },
      LINK_HOST_A,
    ],
  ])('%s', async (_name, variant, linkHost) => {
    await sandbox.setVariant(variant)
    const result = await journey(clientOf(), videos)
    expect(result).toEqual({ ...plain, linkHosts: [linkHost] })
  })
})

describe('variants are remembered per account', () => {
  it('one upload server per file: learned from the refused second use, then each file gets its own at once', async () => {
    await sandbox.setVariant({ serverPerFile: true })
    const learned: HostProfile[] = []
    const first = counting()
    await journey(clientOf({ learned, dispatcher: first.dispatcher }), videos)
    expect(learned).toContainEqual({ serverPerFile: true })
    const posts = (sent: string[]) => sent.filter((p) => p === '/cgi-bin/upload.cgi').length
    // The second file's form was refused once (its session spent), then sent with a fresh one.
    expect(posts(first.sent)).toBe(videos.length + 1)
    const again = counting()
    await journey(clientOf({ profile: { serverPerFile: true }, dispatcher: again.dispatcher }), videos)
    expect(posts(again.sent)).toBe(videos.length)
    await Promise.all([first.dispatcher.close(), again.dispatcher.close()])
  })

  it('video only: the first other file is refused by the host, the next before it is sent, in its words', async () => {
    await sandbox.setVariant({ videoOnly: true })
    const learned: HostProfile[] = []
    const c = counting()
    const client = clientOf({ learned, dispatcher: c.dispatcher })
    const [zip, zip2] = await files(['backup.zip', 'other.zip'])
    const refused = await client.upload(zip as string, { fileName: 'backup.zip' }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(FiledockError)
    expect((refused as FiledockError).message).toContain(videoRule)
    expect(learned).toContainEqual({ videoOnlyRule: videoRule })
    c.sent.length = 0
    const before = await client.upload(zip2 as string, { fileName: 'other.zip' }).catch((e: unknown) => e)
    expect(before).toMatchObject({ kind: 'invalid_input' })
    expect((before as FiledockError).message).toBe(
      `other.zip was not sent: this host takes only video files (it said: “${videoRule}”).`,
    )
    expect(c.sent).toEqual([])
    await c.dispatcher.close()
  })

  it('a refusal written as {success: false, message} is the host’s words, and teaches its rule', async () => {
    await sandbox.setVariant({ videoOnly: true, uploadAnswer: 'file' })
    const learned: HostProfile[] = []
    const client = clientOf({ learned })
    const [zip] = await files(['notes.zip'])
    const err = await client.upload(zip as string, { fileName: 'notes.zip' }).catch((e: unknown) => e)
    expect(err).toMatchObject({ kind: 'server', operation: 'upload/file' })
    expect((err as FiledockError).message).toContain(videoRule)
    expect(learned).toContainEqual({ videoOnlyRule: videoRule })
  })

  it('a file larger than the storage account/info says is left is refused before it is sent', async () => {
    const small = await sandbox.createAccount('small@sandbox.local', { quotaBytes: 10 })
    const c = counting()
    const client = clientOf({ apiKey: small.apiKey, dispatcher: c.dispatcher })
    await client.accountInfo()
    const [big] = await files(['big.mp4'])
    c.sent.length = 0
    const err = await client.upload(big as string, { fileName: 'big.mp4' }).catch((e: unknown) => e)
    expect(err).toMatchObject({ kind: 'invalid_input' })
    expect((err as FiledockError).message).toBe(
      'big.mp4 was not sent: it is 18 B and the account has 10 B of storage left on the host (as its account information says).',
    )
    expect(c.sent).toEqual([])
    await c.dispatcher.close()
  })

  it('the link base is learned from answers and its move told once; page links follow it', async () => {
    await sandbox.setVariant({ linkHost: LINK_HOST_A })
    const moves: LinkBaseMove[] = []
    const learned: HostProfile[] = []
    const client = clientOf({ moves, learned })
    const [path] = await files(['x.mp4'])
    // The spec's upload answer carries no link: the upload's own is on the API's base until an answer shows more.
    const up = await client.upload(path as string)
    expect(up.link).toBe(`${sandbox.baseUrl}/${up.fileCode}`)
    await client.fileList()
    await client.folderList(0)
    const port = new URL(sandbox.baseUrl).port
    const a = `http://${LINK_HOST_A}:${port}`
    expect(client.pageLink(up.fileCode)).toBe(`${a}/${up.fileCode}`)
    expect(moves).toEqual([{ from: sandbox.baseUrl, to: a }])
    await sandbox.setVariant({ linkHost: LINK_HOST_B })
    await client.fileList()
    await client.fileList()
    const b = `http://${LINK_HOST_B}:${port}`
    expect(moves).toEqual([
      { from: sandbox.baseUrl, to: a },
      { from: a, to: b },
    ])
    expect(client.pageLink(up.fileCode)).toBe(`${b}/${up.fileCode}`)
    expect(client.profile.formerLinkBases).toEqual([a, sandbox.baseUrl])
  })

  it('a link base set by hand wins over the answers, which are noted as former bases', async () => {
    await sandbox.setVariant({ linkHost: LINK_HOST_A })
    const mirror = `http://${LINK_HOST_B}:${new URL(sandbox.baseUrl).port}`
    const client = clientOf({ profile: { linkBase: mirror, linkBaseByHand: true } })
    await client.folderList(0)
    expect(client.linkBase).toBe(mirror)
    expect(client.profile.formerLinkBases).toEqual([`http://${LINK_HOST_A}:${new URL(sandbox.baseUrl).port}`])
  })
})
