import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runHere } from './testing/cli-runner.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-cli-language-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

/** A host that refuses the connection (port 9, discard: nothing listens there). */
const refused = (language: Record<string, string>) =>
  runHere(['api', 'account/info'], {
    FILEDOCK_BASE_URL: 'http://127.0.0.1:9',
    FILEDOCK_API_KEY: 'k'.repeat(20),
    FILEDOCK_DATA_DIR: join(dir, 'app'),
    FILEDOCK_DATA: join(dir, 'queue'),
    ...language,
  })

it("says why it failed in the environment's language; the English stays for an English one", async () => {
  const es = await refused({ LANG: 'es_ES.UTF-8' })
  expect(es.code).not.toBe(0)
  expect(es.stderr).toMatch(
    /^filedock: No se pudo conectar con el servidor al leer la cuenta \(.*127\.0\.0\.1.*\): conexión rechazada\. Comprueba la dirección del servidor\.\n$/,
  )
  // LC_ALL wins over LANG, as gettext reads them.
  const tr = await refused({ LANG: 'es_ES.UTF-8', LC_ALL: 'tr_TR.UTF-8' })
  expect(tr.stderr).toMatch(
    /^filedock: Sunucuya bağlanılamadı: bağlantı reddedildi \(hesap bilgilerini okuma sırasında, /,
  )
  const en = await refused({ LANG: 'en_GB.UTF-8' })
  expect(en.stderr).toMatch(
    /^filedock: Could not connect to the host: connection refused\. Check the server address while reading the account \(/,
  )
  expect(en.code).toBe(es.code)
})
