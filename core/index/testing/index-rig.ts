import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import type { SandboxOptions } from '../../../sandbox/server.ts'
import { openSandbox, type TestSandbox } from '../../../sandbox/test-support.ts'
import type { FileListItem } from '../../../shared/api/types.ts'
import { ApiClient } from '../../api/client.ts'
import { type IndexEvent, IndexService, type IndexServiceOptions } from '../index-service.ts'
import type { ScopeContext } from '../query-scope.ts'
import type { ResolvedQuery } from '../query-sql.ts'

/** Helpers of the index tests: a real sandbox over HTTP, a real SQLite file in a temp folder. */

export const ACCOUNT = 'acc-test'

export interface IndexRig {
  sandbox: TestSandbox
  client: ApiClient
  dir: string
  file: string
  events: IndexEvent[]
  /** The index on the rig's file, once it is open (opened()). */
  open(extra?: Partial<IndexServiceOptions>): Promise<IndexService>
  /** Every file of the account as the host lists it now (per_page as large as the host allows). */
  hostFiles(): Promise<FileListItem[]>
  close(): Promise<void>
}

export async function openIndexRig(sandboxOptions: Partial<SandboxOptions> = {}): Promise<IndexRig> {
  const sandbox = await openSandbox(sandboxOptions)
  const client = new ApiClient({ baseUrl: sandbox.sb.baseUrl, apiKey: sandbox.sb.apiKey })
  const dir = await mkdtemp(join(tmpdir(), 'filedock-index-'))
  const file = join(dir, 'file-index.sqlite')
  const events: IndexEvent[] = []
  const services: IndexService[] = []
  return {
    sandbox,
    client,
    dir,
    file,
    events,
    async open(extra = {}) {
      const service = IndexService.open({
        file,
        clientFor: async () => client,
        accounts: () => [{ id: ACCOUNT, label: 'Test' }],
        emit: (e) => events.push(e),
        autoCrawl: false,
        log: () => undefined,
        ...extra,
      })
      services.push(service)
      await service.opened()
      return service
    },
    async hostFiles() {
      const out: FileListItem[] = []
      for (let page = 1; ; page++) {
        const answer = await client.fileList({ page, perPage: 1000 })
        out.push(...answer.files)
        if (answer.files.length === 0 || out.length >= answer.resultsTotal) return out
      }
    },
    async close() {
      for (const s of services) await s.close().catch(() => undefined)
      await client.close()
      await sandbox.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/** Opens rigs for the tests of a file; each is closed (sandbox, index, temp folder) after its test. */
export function indexRigsPerTest(): (sandboxOptions?: Partial<SandboxOptions>) => Promise<IndexRig> {
  const open: IndexRig[] = []
  afterEach(async () => {
    for (const rig of open.splice(0)) await rig.close()
  })
  return async (sandboxOptions) => {
    const rig = await openIndexRig(sandboxOptions)
    open.push(rig)
    return rig
  }
}

/** Every file code the index holds for the account, in one order or another. */
export function indexedCodes(
  index: IndexService,
  sort: ResolvedQuery['sort'] = { key: 'name', dir: 'asc' },
): string[] {
  const files = index.iterateFiles({ accts: [index.acct(ACCOUNT)], fldId: null, search: '', sort })
  return [...files].map((f) => f.fileCode)
}

/** The scope of the rig's one account, as the app's handlers resolve it. */
export function rigScope(index: IndexService): ScopeContext {
  return { accountIds: () => [ACCOUNT], activeId: () => ACCOUNT, key: (id) => index.acct(id) }
}
