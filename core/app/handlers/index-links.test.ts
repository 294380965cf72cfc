import { afterEach, expect, it } from 'vitest'
import { MAX_LINKS_TO_CHECK } from '../../../shared/ipc/index-contract.ts'
import { ACCOUNT, type IndexRig, openIndexRig, rigScope } from '../../index/testing/index-rig.ts'
import type { ClientPool } from '../client-pool.ts'
import { indexHandlers } from './index-handlers.ts'

/** The file code of a page link (`{base}/{code}`, or `{base}/{code}/{name}.html`). */
const codeOf = (link: string) => new URL(link).pathname.split('/')[1]

let rig: IndexRig | undefined
afterEach(async () => {
  await rig?.close()
  rig = undefined
})

it('index.links gives the link checker a selection’s page links, and refuses more than it can check with the count', async () => {
  rig = await openIndexRig({ seedFiles: MAX_LINKS_TO_CHECK + 1, seedFlat: true })
  const index = await rig.open()
  await index.crawl(ACCOUNT)
  const scope = rigScope(index)
  const handlers = indexHandlers({ index, scope, pool: {} as ClientPool, log: () => undefined })
  const host = await rig.hostFiles()
  const [a, b] = host
  if (!a || !b) throw new Error('the sandbox was not seeded')

  const picked = await handlers['index.links']({
    selection: { kind: 'files', files: [a, b].map((f) => ({ accountId: ACCOUNT, fileCode: f.fileCode })) },
  })
  // Each the file's page link (the index keeps the short form, base/code, of the host's page links).
  expect(new Set(picked.links.map(codeOf))).toEqual(new Set([a.fileCode, b.fileCode]))

  const everything = {
    kind: 'query' as const,
    query: {
      scope: { kind: 'account' as const, accountId: ACCOUNT },
      sort: { key: 'name' as const, dir: 'asc' as const },
    },
  }
  await expect(handlers['index.links']({ selection: { ...everything, except: [] } })).rejects.toMatchObject({
    kind: 'invalid_input',
    message: 'Check the links of up to 5,000 files at a time; these are 5,001.',
  })
  // One file unticked: exactly as many as the checker takes, each the host's link.
  const less = await handlers['index.links']({
    selection: { ...everything, except: [{ accountId: ACCOUNT, fileCode: a.fileCode }] },
  })
  expect(less.links).toHaveLength(MAX_LINKS_TO_CHECK)
  expect(new Set(less.links.map(codeOf))).toEqual(new Set(host.filter((f) => f !== a).map((f) => f.fileCode)))
})
