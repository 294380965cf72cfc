import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeSavedAccount } from '../core/accounts/test-support.ts'
import { type SandboxHandle, startSandbox } from '../sandbox/server.ts'
import { createFolder } from '../sandbox/testing/api-calls.ts'
import { runCli, runHere } from './testing/cli-runner.ts'
import { writeTree } from './testing/host.ts'

let dir: string
let sandbox: SandboxHandle
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'filedock-cli-language-'))
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox') })
})
afterAll(async () => {
  await sandbox.close()
  await rm(dir, { recursive: true, force: true })
})

/** The lines of `--json` output, sorted: what was said, whatever the order the transfers finished in. */
const jsonLines = (stdout: string) => stdout.split('\n').sort()

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

it('tells in the language why the keys cannot be read: `filedock accounts` where no keychain runs', async () => {
  const appDir = join(dir, 'no-keychain')
  await mkdir(appDir, { recursive: true })
  await writeSavedAccount(appDir, {
    id: '5b0f2c1e-7d1a-4a55-9a53-2f7f1bb0b003',
    label: 'Work',
    baseUrl: sandbox.baseUrl,
    keyBackend: 'keychain:secret-service',
    secretBackend: 'keychain',
  })
  // A session without a Secret Service: D-Bus pointed at a socket that does not exist.
  const env = {
    FILEDOCK_DATA_DIR: appDir,
    DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/filedock-test-bus',
    LANG: 'es_ES.UTF-8',
  }
  const listed = await runCli(['accounts'], env)
  expect(listed.code, listed.stderr).toBe(0)
  expect(listed.stdout).toMatch(/^\*\s+Work\s.*••••efgh \(falta la clave\)/m)
  expect(listed.stderr).toMatch(
    /^filedock: aviso: No hay ningún llavero \(Secret Service\) disponible en este sistema \(.+\)\.\n$/,
  )
  // --json keeps the English, for scripts.
  const json = await runCli(['accounts', '--json'], env)
  expect(JSON.parse(json.stdout)[0].keyProblem).toMatch(/^No keychain \(Secret Service\) is available/)
})

/**
 * The installed command (bin/filedock.mjs, the built bundle) in Spanish and in Arabic: its help, a summary, a
 * warning and a usage mistake in the language LANG names, the syntax as typed, and `--json` the
 * English run's, line for line.
 */
describe('the human output of the built CLI in the language LANG names', () => {
  const languages = [
    {
      LANG: 'es_ES.UTF-8',
      help: ['Códigos de salida:', 'sube archivos y carpetas', 'Entorno:'],
      uploadHelp: /--concurrency N\s+transferencias a la vez, de 1 a 16 \(predeterminado 3\)/,
      already:
        /^filedock: 2 archivos ya estaban allí \(mismo nombre y tamaño en la carpeta\) y no se enviaron de nuevo;/m,
      summary: /^c\/d\.txt\tno subido\n3 archivos: 2 iguales y 1 no subido; .+ leídos del servidor\.\n$/,
      usage: /^filedock: --fld_id debe ser 0 o más \(0 es la carpeta raíz\)\.\n$/,
      unknown:
        /^filedock: Opción desconocida: "--colour"\. Un argumento que empieza por guion va después de --, así: -- --colour\n/,
    },
    {
      LANG: 'ar',
      help: ['رموز الخروج:', 'رفع ملفات ومجلدات', 'البيئة:'],
      uploadHelp: /--concurrency N\s+عمليات النقل في آنٍ واحد، من 1 إلى 16 \(الافتراضي 3\)/,
      already: /^filedock: ملفان كانا موجودين هناك بالفعل/m,
      summary: /^c\/d\.txt\tغير مرفوع\n3 ملفات: ملفان مطابقان وملف واحد غير مرفوع؛ قُرئ .+ من الخادم\.\n$/,
      usage: /^filedock: يجب أن يكون --fld_id صفرًا أو أكثر \(0 هو المجلد الجذر\)\.\n$/,
      unknown:
        /^filedock: خيار غير معروف: "--colour"\. الوسيط الذي يبدأ بشرطة يُكتب بعد --، هكذا: -- --colour\n/,
    },
  ]
  let src: string
  let fld: string
  const env = (language: Record<string, string>) => ({
    FILEDOCK_BASE_URL: sandbox.baseUrl,
    FILEDOCK_API_KEY: sandbox.apiKey,
    FILEDOCK_DATA_DIR: join(dir, 'app'),
    FILEDOCK_DATA: join(dir, 'queue'),
    ...language,
  })
  beforeAll(async () => {
    src = join(dir, 'src')
    await writeTree(src, { 'a.txt': 'alpha', 'b.txt': 'bravo', 'c/d.txt': 'delta' })
    fld = String(await createFolder(sandbox, 'language'))
    const first = await runCli(['upload', join(src, 'a.txt'), join(src, 'b.txt'), '--fld_id', fld], env({}))
    expect(first.code, first.stderr).toBe(0)
  })

  it.each(languages)(
    '$LANG',
    async ({ LANG, help, uploadHelp, already, summary, usage, unknown }) => {
      const main = await runCli(['--help'], { LANG })
      expect(main.code).toBe(0)
      for (const text of help) expect(main.stdout).toContain(text)
      // Command names, option names and the syntax of usage lines stay as typed.
      expect(main.stdout).toContain('filedock upload PATH… [options]')
      expect(main.stdout).not.toContain('Exit codes:')
      expect((await runCli(['upload', '--help'], { LANG })).stdout).toMatch(uploadHelp)

      // A warning (the files were already there) in the language; the --json lines are the English run's.
      const again = await runCli(
        ['upload', join(src, 'a.txt'), join(src, 'b.txt'), '--fld_id', fld],
        env({ LANG }),
      )
      expect(again.code, again.stderr).toBe(0)
      expect(again.stderr).toMatch(already)
      const jsonArgs = ['upload', join(src, 'a.txt'), join(src, 'b.txt'), '--fld_id', fld, '--json']
      const [json, englishJson] = [await runCli(jsonArgs, env({ LANG })), await runCli(jsonArgs, env({}))]
      expect(json.stdout).toMatch(/"alreadyThere":true/)
      // Each file's line is written when it finishes, and the two uploads run side by side: the lines are the same,
      // in the order each run finished them.
      expect(jsonLines(json.stdout)).toEqual(jsonLines(englishJson.stdout))

      // A summary: verify's counts and bytes, in the language's words and digits.
      await runCli(['upload', src, '--fld_id', fld], env({}))
      const verified = await runCli(['verify', join(src), '--fld_id', fld], env({ LANG }))
      expect(verified.stdout).toMatch(summary)

      // A usage mistake found by the CLI itself.
      const wrong = await runCli(['upload', 'a.txt', '--fld_id=-1'], env({ LANG }))
      expect(wrong.code).toBe(2)
      expect(wrong.stderr).toMatch(usage)
      // One node:util parseArgs refuses, named as typed, then the command's help in the language.
      const unknownOption = await runCli(['upload', 'a.txt', '--colour'], env({ LANG }))
      expect(unknownOption.code).toBe(2)
      expect(unknownOption.stderr).toMatch(unknown)
      expect(unknownOption.stderr).toMatch(uploadHelp)
    },
    60_000,
  )
})
