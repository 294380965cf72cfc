import { parseArgs } from 'node:util'
import { FAULT_SEED_ENV } from './fault-dice.ts'
import type { FaultConfig } from './faults.ts'
import { startSandbox } from './server.ts'
import { namedVariants, type VariantTuning, variantNames } from './variants.ts'

/**
 * `npm run sandbox -- [options]`: starts the sandbox host and prints exactly one JSON line to stdout,
 * {"baseUrl","apiKey"}, once it is ready; everything else goes to stderr. SIGINT/SIGTERM close it cleanly.
 */
const usage = `usage: npm run sandbox -- [--port N] [--data DIR] [--seed-files N [--seed-flat]] [--max-per-page N]
  [--session-ttl S]
  [--fault-latency MS] [--fault-error-rate R] [--fault-drop-rate R] [--fault-truncate-rate R]
  [--fault-non-json-rate R] [--fault-429-rate R] [--retry-after S] [--disallow OP,OP…]
  [--fault-download-drop-rate R] [--fault-download-short-rate R] [--fault-download-error-rate R]
  [--fault-download-429-rate R] [--fault-ignore-range-rate R] [--fault-download-bytes-per-sec B]
  [--direct-link-ttl S] [--direct-link-expired-status 403|410]
  [--variant NAME[,NAME…]]… [--link-move-after S] [--requests-per-sec N] [--lockout-after N] [--lockout-sec S]
  R is a rate from 0 to 1; faults are rolled from FILEDOCK_FAULT_SEED when it is set (see sandbox/README.md).
  --disallow file/list,file/clone: those operations answer "This function not allowed in API" (403), as hosts
  that switch them off for the API do
  The --fault-download-* and --fault-ignore-range-rate faults act on direct-link downloads only:
  --fault-download-drop-rate: reset the connection after a random part of the body
  --fault-download-short-rate: close the connection cleanly after a random part of the body
  --fault-download-error-rate / --fault-download-429-rate: answer 500/502/503, or 429 with Retry-After
  --fault-ignore-range-rate: answer 200 with the whole body whatever Range asks (1 = always)
  --fault-download-bytes-per-sec: pace each download's body to B bytes per second
  --direct-link-ttl: direct links issued from then on expire after S seconds (default 21600)
  --direct-link-expired-status: what an expired link answers (default 403)
  --variant plays a host that departs from the spec, one behaviour per name, combinable (sandbox/README.md):
    ${variantNames.join(', ')}
  --link-move-after: seconds after start at which link-move moves the links (default 60)
  --requests-per-sec: the rate of rate-limit (default 10); --lockout-after / --lockout-sec: failures in a row
  that lock a key out, and for how long (default 5, 3600)`

const faultFlags: Record<string, keyof FaultConfig> = {
  'fault-latency': 'latencyMs',
  'fault-error-rate': 'errorRate',
  'fault-drop-rate': 'dropRate',
  'fault-truncate-rate': 'truncateRate',
  'fault-non-json-rate': 'nonJsonRate',
  'fault-429-rate': 'rateLimitRate',
  'retry-after': 'retryAfterSec',
  'fault-download-drop-rate': 'downloadDropRate',
  'fault-download-short-rate': 'downloadShortRate',
  'fault-download-error-rate': 'downloadErrorRate',
  'fault-download-429-rate': 'downloadRateLimitRate',
  'fault-ignore-range-rate': 'ignoreRangeRate',
  'fault-download-bytes-per-sec': 'downloadBytesPerSec',
  'direct-link-ttl': 'directLinkTtlSec',
  'direct-link-expired-status': 'expiredLinkStatus',
}

function number(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  const value = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(value)) throw new Error(`--${name} needs a number, got "${raw}"`)
  return value
}

/** `--disallow` through the runtime route, so the start-up switch and the run-time one are the same code. */
async function disallowAtStart(sandbox: { baseUrl: string; apiKey: string }, list: string): Promise<void> {
  const url = new URL('/sandbox/faults', sandbox.baseUrl)
  url.searchParams.set('key', sandbox.apiKey)
  url.searchParams.set('disallow', list)
  const body = (await (await fetch(url)).json()) as { status: number; msg?: string }
  if (body.status !== 200) throw new Error(`--disallow: ${body.msg ?? 'refused'}`)
}

async function main(): Promise<void> {
  const string = { type: 'string' } as const
  const { values } = parseArgs({
    options: {
      port: string,
      data: string,
      'seed-files': string,
      'seed-flat': { type: 'boolean' },
      'max-per-page': string,
      'session-ttl': string,
      disallow: string,
      variant: { type: 'string', multiple: true },
      'link-move-after': string,
      'requests-per-sec': string,
      'lockout-after': string,
      'lockout-sec': string,
      help: { type: 'boolean' },
      ...Object.fromEntries(Object.keys(faultFlags).map((k) => [k, string])),
    },
    strict: true,
  })
  if (values.help) {
    console.error(usage)
    return
  }
  const flags = values as Record<string, string | undefined>
  const tuning: VariantTuning = {}
  const tune = (flag: string, field: keyof VariantTuning) => {
    const value = number(flag, flags[flag])
    if (value !== undefined) tuning[field] = value
  }
  tune('link-move-after', 'linkMoveAfterSec')
  tune('requests-per-sec', 'requestsPerSec')
  tune('lockout-after', 'lockoutAfter')
  tune('lockout-sec', 'lockoutSec')
  const variant = namedVariants((values.variant ?? []).join(','), Date.now(), tuning)
  const faults: Partial<FaultConfig> = {}
  for (const [flag, field] of Object.entries(faultFlags)) {
    const value = number(flag, flags[flag])
    if (value !== undefined) faults[field] = value
  }
  const ttl = number('session-ttl', flags['session-ttl'])
  const maxPerPage = number('max-per-page', flags['max-per-page'])
  if (maxPerPage !== undefined && (!Number.isInteger(maxPerPage) || maxPerPage < 1)) {
    throw new Error(`--max-per-page needs a whole number of 1 or more, got "${flags['max-per-page']}"`)
  }
  const started = Date.now()
  const sandbox = await startSandbox({
    dataDir: flags.data ?? '.sandbox-data',
    port: number('port', flags.port) ?? 0,
    seedFiles: number('seed-files', flags['seed-files']) ?? 0,
    seedFlat: values['seed-flat'] === true,
    ...(maxPerPage === undefined ? {} : { maxPerPage }),
    faults,
    variant,
    ...(ttl === undefined ? {} : { uploadSessionTtlSec: ttl }),
  })
  // Before the ready line, so no client sees the host with these operations still on.
  if (flags.disallow !== undefined) await disallowAtStart(sandbox, flags.disallow)
  console.error(`sandbox: listening on ${sandbox.baseUrl} (ready in ${Date.now() - started} ms)`)
  console.error(
    `sandbox: faults are rolled with seed ${sandbox.faultSeed} (${FAULT_SEED_ENV}=${sandbox.faultSeed} replays them)`,
  )
  if (Object.keys(variant).length > 0) console.error(`sandbox: plays the variant ${JSON.stringify(variant)}`)
  process.stdout.write(`${JSON.stringify({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })}\n`)
  const stop = (signal: string) => {
    console.error(`sandbox: ${signal}, closing`)
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('sandbox: close failed', err)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
  // `npm run sandbox` runs the server in a child of the tsx launcher; if the launcher is SIGKILLed, nothing would
  // stop this process, which would keep the port and the data-folder lock. Re-parenting means the launcher died.
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) stop('parent process gone')
  }, 500).unref()
}

main().catch((err: unknown) => {
  console.error(`sandbox: ${(err as Error).message}`)
  console.error(usage)
  process.exit(1)
})
