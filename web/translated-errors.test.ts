import { afterAll, beforeAll, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DISALLOWED_WORDS } from '../sandbox/routes/disallow.ts'
import type { AccountView } from '../shared/accounts.ts'
import type { FiledockErrorData } from '../shared/errors.ts'
import { errorText } from '../shared/i18n/error-text.ts'
import { createSocketClient, type SocketClient, type SocketLike } from '../shared/ipc/socket-client.ts'
import { webHostRig } from './testing/web-host-rig.ts'

// A Spanish system: the 'system' language setting (the default) follows it.
const rig = webHostRig({ seedFiles: 1, core: { systemLanguages: ['es-MX'], index: { autoCrawl: false } } })
let client: SocketClient

beforeAll(() => {
  client = createSocketClient({
    url: `ws://127.0.0.1:${rig.host.port}/ipc?token=${rig.host.token}`,
    connect: (url) =>
      new WebSocket(url, { origin: `http://127.0.0.1:${rig.host.port}` }) as unknown as SocketLike,
  })
})

afterAll(() => client.close())

async function refusedRename(): Promise<FiledockErrorData> {
  const added = await client.accounts.add({
    label: 'Main',
    baseUrl: rig.sandbox.baseUrl,
    apiKey: rig.sandbox.apiKey,
  })
  if (!added.ok) throw new Error(added.error.message)
  const account = added.value as AccountView
  const r = await client.files.rename({ accountId: account.id, fileCode: 'abcdefabcdef', name: 'b.txt' })
  if (r.ok) throw new Error('the host allowed a rename it was told to refuse')
  return r.error
}

it("a host's refusal reaches a client over the WebSocket in Spanish, the host's own words untouched", async () => {
  // The host switches renaming off for the API and says so in its own words.
  const faults = new URL('/sandbox/faults', rig.sandbox.baseUrl)
  faults.searchParams.set('key', rig.sandbox.apiKey)
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
  expect(errorText(rig.core.intl.current(), error)).toBe(
    `El servidor no permite renombrar un archivo con esta clave de API: “${DISALLOWED_WORDS}”. La clave funciona; este servidor (o el plan de esta cuenta) no lo ofrece a través de la API.`,
  )

  // Another language chosen in Settings: main's text follows at once, the host's words still as it wrote them.
  expect((await client.settings.update({ language: 'tr' })).ok).toBe(true)
  await rig.core.intl.settled()
  expect(errorText(rig.core.intl.current(), error)).toBe(
    `Sunucu bu API anahtarıyla dosyayı yeniden adlandırma işlemine izin vermiyor: “${DISALLOWED_WORDS}”. Anahtar çalışıyor; bu sunucu (veya bu hesabın paketi) bu işlemi API üzerinden sunmuyor.`,
  )
})
