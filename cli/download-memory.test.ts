import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { RECLAIM_EVERY } from '../core/download/read-buffers.ts'
import { downloadSandboxForAll, sha256OfFile } from '../core/download/testing/download-sandbox.ts'
import { runCli } from './testing/cli-runner.ts'

// What keeps `filedock download`'s peak memory flat and low (bench `download`), checked on the built command by
// its causes, through V8's and Node's own reports (NODE_OPTIONS), not by a memory figure.
const t = downloadSandboxForAll()
const SIZE = 8 << 20

/**
 * Downloads 8 MiB with the built command and a preload that turns V8's traces on (one line per collection on
 * stdout, those the process asked for saying "testing"; one per function compiled by TurboFan) and lists, at exit,
 * the modules Node loaded.
 */
async function download() {
  const work = await t.folder()
  const preload = join(work, 'observe.mjs')
  await writeFile(
    preload,
    [
      "import { setFlagsFromString } from 'node:v8'",
      "setFlagsFromString('--trace-gc')",
      "setFlagsFromString('--trace-opt')",
      "process.on('exit', () => process.stderr.write('MODULES ' + JSON.stringify(process.moduleLoadList) + '\\n'))",
    ].join('\n'),
  )
  const file = await t.upload('eight.bin', SIZE)
  const to = join(work, 'to')
  const run = await runCli(['download', file.code, '--to', to, '--json'], {
    FILEDOCK_BASE_URL: t.sandbox.baseUrl,
    FILEDOCK_API_KEY: t.sandbox.apiKey,
    FILEDOCK_DATA_DIR: join(work, 'app'),
    FILEDOCK_DATA: join(work, 'queue-state'),
    NODE_OPTIONS: `--import ${preload}`,
  })
  expect(run.code, run.stderr).toBe(0)
  expect(await sha256OfFile(join(to, 'eight.bin'))).toBe(file.sha)
  const line = run.stderr.split('\n').find((l) => l.startsWith('MODULES '))
  return {
    askedCollections: run.stdout.split('\n').filter((l) => /Scavenge.*\btesting\b/.test(l)).length,
    optimised: run.stdout.split('\n').filter((l) => /^\[compiling method .*\(target TURBOFAN\)/.test(l))
      .length,
    modules: JSON.parse(line?.slice('MODULES '.length) ?? '[]') as string[],
  }
}

describe('filedock download, memory', () => {
  it('collects the young generation every RECLAIM_EVERY bytes written, so read buffers die young', async () => {
    const { askedCollections } = await download()
    expect(askedCollections).toBe(SIZE / RECLAIM_EVERY)
  })

  it('loads neither node:http2 nor node:tls (no dispatcher speaks HTTP/2; TLS is for https and SOCKS only)', async () => {
    const { modules } = await download()
    expect(modules).toContain('NativeModule http')
    expect(modules.filter((m) => /^NativeModule (http2|tls|_tls_wrap)$/.test(m))).toEqual([])
  })

  it('runs without the optimising compiler (TurboFan), whose compile zones and code were 5-7 MiB of the peak', async () => {
    const { optimised } = await download()
    expect(optimised).toBe(0)
  })
})
