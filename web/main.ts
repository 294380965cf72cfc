import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { defineMessages } from '@formatjs/intl'
import { createCore } from '../core/app/create-core.ts'
import { defaultDataDir } from '../core/app/data-dir.ts'
import { VERSION } from '../core/app-info/version.ts'
import { plainMessages } from '../core/i18n/main-intl.ts'
import { logLine } from '../core/logging/log.ts'
import { parseWebArgs, usage } from './args.ts'
import { openBrowser } from './open-browser.ts'
import { createPathOpener } from './open-path.ts'
import { startWebHost } from './server.ts'
import { attachStagedDrops } from './staged-drops.ts'
import { StagingArea } from './staging-area.ts'

const TEXT = plainMessages(
  defineMessages({
    started: {
      id: 'web.console.started',
      defaultMessage: 'filedock web: data in {dataDir}; open the URL below in your browser (Ctrl+C to stop)',
    },
  }),
)

/**
 * `npm run web -- [--port N] [--data DIR] [PATH…]`: the core in this Node process, the built renderer and the contract
 * over WebSocket on 127.0.0.1. Prints exactly one JSON line, {"url": …}, on stdout when ready; logs go to stderr.
 */
const log = logLine

async function main(): Promise<void> {
  const args = parseWebArgs(process.argv.slice(2))
  const dataDir = args.dataDir ?? defaultDataDir()
  const service = process.env.FILEDOCK_KEYCHAIN_SERVICE
  const core = await createCore({
    dataDir,
    host: 'web',
    version: VERSION,
    log,
    // The browser host follows the proxy environment as curl does (core/net/env-proxy.ts).
    proxyEnv: process.env,
    // "Show in folder" and "Open" of a finished download: the host is the user's own machine.
    revealPath: createPathOpener({ env: process.env, platform: process.platform, spawn, log }),
    ...(service ? { keychainService: service } : {}),
    // A dropped file's staged copy is deleted once uploaded: Verify calls its source unknown, not missing.
    sourceKept: (path) => new StagingArea(dataDir).idOf(path) === null,
  })
  // Dropped files reach this host as bytes (a browser hides their paths): staged here, queued as paths.
  const drops = attachStagedDrops(core, dataDir, log)
  const host = await startWebHost({
    core: { handlers: drops.handlers, events: core.events, staging: drops.area },
    rendererDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    port: args.port,
    log,
  })
  // The person who started the host reads this line: in their language (the setting, else the system's).
  log(core.intl.current().formatMessage(TEXT.started, { dataDir }))
  process.stdout.write(`${JSON.stringify({ url: host.url })}\n`)
  // Paths given on the command line wait in the page for the person's answer, as Electron's "Open with" do.
  if (args.paths.length > 0) {
    void core.arrivals
      .add(args.paths)
      .catch((error: unknown) => log(`filedock web: the given paths: ${String(error)}`))
  }
  if (args.open) openBrowser(host.url, { env: process.env, platform: process.platform, spawn, log })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log(`filedock web: ${signal}, closing`)
    host
      .close()
      .then(() => drops.close())
      .then(() => core.dispose())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log(`filedock web: close failed: ${String(error)}`)
          process.exit(1)
        },
      )
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
}

main().catch((error: unknown) => {
  log(`filedock web: ${error instanceof Error ? error.message : String(error)}`)
  log(usage)
  process.exit(1)
})
