import { afterEach, describe, expect, it } from 'vitest'
import { errorText } from '../../shared/i18n/error-text.ts'
import { ApiClient } from '../api/client.ts'
import { intlFor } from '../i18n/main-intl.ts'
import { ACCOUNT, type IndexRig, indexedCodes, openIndexRig } from './testing/index-rig.ts'
import { type Meddle, type MeddlingProxy, startMeddlingProxy } from './testing/meddling-proxy.ts'

let rig: IndexRig | undefined
let proxy: MeddlingProxy | undefined
let proxied: ApiClient | undefined
afterEach(async () => {
  await proxied?.close()
  await proxy?.close()
  await rig?.close()
  rig = proxy = proxied = undefined
})

const FILES = 1_000
const PER_PAGE = 100

/** A sandbox of 1,000 files behind a proxy that meddles with file/list pages, and an index reading through it. */
async function behindProxy(meddle: Meddle) {
  rig = await openIndexRig({ seedFiles: FILES })
  proxy = await startMeddlingProxy(rig.sandbox.sb.baseUrl, meddle)
  const client = new ApiClient({
    baseUrl: proxy.baseUrl,
    apiKey: rig.sandbox.sb.apiKey,
    retries: 1,
    retryPolicy: { baseDelayMs: 10, maxDelayMs: 20 },
  })
  proxied = client
  const index = await rig.open({ perPage: PER_PAGE, clientFor: async () => client })
  const codes = () => indexedCodes(index)
  return { r: rig, index, codes }
}

describe('a host that misbehaves during a crawl', () => {
  it('retries a page that was garbage once, and ends exact', async () => {
    const { r, index, codes } = await behindProxy((page, _body, count) =>
      page === 3 && count === 1 ? '<html>Bad gateway' : null,
    )
    await index.crawl(ACCOUNT)
    expect(index.status()[0]).toMatchObject({ state: 'ready', filesIndexed: FILES, warning: null })
    expect(new Set(codes())).toEqual(new Set((await r.hostFiles()).map((f) => f.fileCode)))
  })

  it('ends with a clear warning when a page stays garbage, keeping what was indexed usable', async () => {
    let broken = false
    const { r, index, codes } = await behindProxy((page) =>
      broken && page === 4 ? '{"msg":"OK","result":{"files":[{"nope":1}]' : null,
    )
    await index.crawl(ACCOUNT)
    const complete = new Set(codes())
    broken = true
    await index.crawl(ACCOUNT)
    const [status] = index.status()
    expect(status?.warning).toMatch(/Page 4 of the host's file list could not be read/)
    expect(status?.state).toBe('ready')
    // In the window's language, the client's own words about the garbage as its cause.
    if (status?.warningError === undefined) return expect.fail('the warning has no message id')
    expect(errorText(await intlFor('es'), status.warningError)).toMatch(
      /^No se pudo leer la página 4 de la lista de archivos del servidor \(.+\); los archivos indexados hasta ahora se pueden seguir buscando\. Actualiza para intentarlo de nuevo\.$/,
    )
    // The earlier complete crawl's rows stay: nothing is dropped on an incomplete crawl.
    expect(new Set(codes())).toEqual(complete)
    expect(complete.size).toBe((await r.hostFiles()).length)
    // Once the host behaves, a refresh clears the warning.
    broken = false
    await index.crawl(ACCOUNT)
    expect(index.status()[0]).toMatchObject({ warning: null, filesIndexed: FILES })
  })

  it('never duplicates or drops rows when a host repeats codes across pages, and says the count did not add up', async () => {
    let firstPage = ''
    const { r, index, codes } = await behindProxy((page, body) => {
      if (page === 1) firstPage = body
      return page === 2 && firstPage !== '' ? firstPage : null
    })
    await index.crawl(ACCOUNT)
    const got = codes()
    expect(new Set(got).size).toBe(got.length)
    const [status] = index.status()
    expect(status?.warning).toMatch(/file count kept changing/)
    expect(status?.lastFullCrawl).toBeNull()
    const host = new Set((await r.hostFiles()).map((f) => f.fileCode))
    for (const code of got) expect(host.has(code)).toBe(true)
    // The one page never seen stays missing (and is said to), the rest is there.
    expect(got.length).toBe(FILES - PER_PAGE)
  })

  it('stays exact when results_total changes from page to page', async () => {
    const { r, index, codes } = await behindProxy((page, body) =>
      page > 1
        ? body.replace(/"results_total":(\d+)/, (_m, n: string) => `"results_total":${Number(n) + page * 7}`)
        : null,
    )
    await index.crawl(ACCOUNT)
    expect(index.status()[0]).toMatchObject({ state: 'ready', filesIndexed: FILES, warning: null })
    expect(new Set(codes())).toEqual(new Set((await r.hostFiles()).map((f) => f.fileCode)))
  })
})
