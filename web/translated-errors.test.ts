import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import WebSocket from 'ws'
import { type Core, createCore } from '../core/app/create-core.ts'
import { MemorySecretStore } from '../core/app/testing/memory-secret-store.ts'
import { DISALLOWED_WORDS } from '../sandbox/routes/disallow.ts'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import type { AccountView } from '../shared/accounts.ts'
import type { FiledockErrorData } from '../shared/errors.ts'
import { errorText } from '../shared/i18n/error-text.ts'
import { createSocketClient, type SocketClient, type SocketLike } from '../shared/ipc/socket-client.ts'
import { startWebHost, type WebHost } from './server.ts'

let dirs: string[] = []
let sandbox: SandboxHandle
let core: Core
let host: WebHost
let client: SocketClient

beforeAll(async () => {
  dirs = await Promise.all(
    ['host', 'data', 'renderer'].map((n) => mkdtemp(join(tmpdir(), `filedock-i18n-${n}-`))),
  )
  const [hostDir, dataDir, rendererDir] = dirs as [string, string, string]
  sandbox = await startSandbox({ dataDir: hostDir, seedFiles: 1 })
  core = await createCore({
    dataDir,
    host: 'web',
    version: '0.1.0-test',
    secretStore: new MemorySecretStore(),
    log: () => undefined,
    // A Spanish system: the 'system' language setting (the default) follows it.
    systemLanguages: ['es-MX'],
    index: { autoCrawl: false },
  })
  host = await startWebHost({ core, rendererDir, log: () => undefined })
  client = createSocketClient({
    url: `ws://127.0.0.1:${host.port}/ipc?token=${host.token}`,
    connect: (url) =>
      new WebSocket(url, { origin: `http://127.0.0.1:${host.port}` }) as unknown as SocketLike,
  })
})

afterAll(async () => {
  client.close()
  await host.close()
  await core.dispose()
  await sandbox.close()
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

async function refusedRename(): Promise<FiledockErrorData> {
  const added = await client.accounts.add({ label: 'Main', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
  if (!added.ok) throw new Error(added.error.message)
  const account = added.value as AccountView
  const r = await client.files.rename({ accountId: account.id, fileCode: 'abcdefabcdef', name: 'b.txt' })
  if (r.ok) throw new Error('the host allowed a rename it was told to refuse')
  return r.error
}

it("a host's refusal reaches a client over the WebSocket in Spanish, the host's own words untouched", async () => {
  // The host switches renaming off for the API and says so in its own words.
  const faults = new URL('/sandbox/faults', sandbox.baseUrl)
  faults.searchParams.set('key', sandbox.apiKey)
  faults.searchParams.set('disallow', 'file/rename')
  expect((await fetch(faults)).ok).toBe(true)

  const error = await refusedRename()
  expect(error).toMatchObject({
    kind: 'forbidden',
    operation: 'file/rename',
    messageId: 'errors.host.forbidden',
    values: { said: 'yes', words: DISALLOWED_WORDS },
  })
  // English stays the message: logs and --json read it.
  expect(error.message).toBe(
    `The host does not allow renaming a file with this API key: “${DISALLOWED_WORDS}”. The key works; this host (or this account's plan) does not offer it through the API.`,
  )
  expect(errorText(core.intl.current(), error)).toBe(
    `El servidor no permite renombrar un archivo con esta clave de API: “${DISALLOWED_WORDS}”. La clave funciona; este servidor (o el plan de esta cuenta) no lo ofrece a través de la API.`,
  )

  // Another language chosen in Settings: main's text follows at once, the host's words still as it wrote them.
  expect((await client.settings.update({ language: 'tr' })).ok).toBe(true)
  await core.intl.settled()
  expect(errorText(core.intl.current(), error)).toBe(
    `Sunucu bu API anahtarıyla dosyayı yeniden adlandırma işlemine izin vermiyor: “${DISALLOWED_WORDS}”. Anahtar çalışıyor; bu sunucu (veya bu hesabın paketi) bu işlemi API üzerinden sunmuyor.`,
  )
})
