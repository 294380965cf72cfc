import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Agent, type Dispatcher } from 'undici'
import { ApiClient } from '../core/api/client.ts'
import { RequestBudget } from '../core/api/request-budget.ts'
import { IndexService } from '../core/index/index-service.ts'
import type { SandboxRef } from '../sandbox/testing/api-calls.ts'
import { startReady } from './lib/child.ts'
import { round } from './lib/stats.ts'

const FILES = 100_000
const UPLOADS = 50
const LINKS = 1_000
const RATE = 10
const ACCOUNT = 'bench'

/**
 * One account on a host that takes 10 requests a second (issue 19; the sandbox's `rate-limit` variant, DoodStream's
 * `{"msg":"Too Many Requests","status":"429"}` past it): at once, the index's crawl of 100,000 files (per_page
 * 1,000), 50 uploads through one upload session (as the queue sends them) and a link check of 1,000 links, every
 * client sharing the account's one request budget. The ideal is the API requests the host took, at 10 a second.
 * Reported: the time, its distance from the ideal, the requests the host refused with a 429 (the sandbox counts
 * them) and the rates the budget learned; and the same work against the host without a rate.
 */
export async function benchRateLimit(work: string) {
  const dir = join(work, 'rate')
  await mkdir(join(dir, 'files'), { recursive: true })
  const uploads = await Promise.all(
    Array.from({ length: UPLOADS }, async (_, i) => {
      const path = join(dir, 'files', `clip-${i}.bin`)
      await writeFile(path, Buffer.alloc(16 * 1024, i))
      return path
    }),
  )
  const free = await runWorkload(join(dir, 'free'), [], uploads)
  const limitedArgs = ['--variant', 'rate-limit', '--requests-per-sec', String(RATE)]
  // First meeting: the host's rate is unknown until its first 429.
  const first = await runWorkload(join(dir, 'limited'), limitedArgs, uploads)
  // The next run, as the app's next start: the budget starts from the rate the first one learned (the account's
  // host profile keeps it), so no request should meet a 429.
  const known = await runWorkload(join(dir, 'known'), limitedArgs, uploads, first.learned.at(-1))
  return {
    rate: `${RATE} requests/s`,
    firstMeeting: figures(first),
    rateKnown: figures(known),
    target: 'within 15 % of the ideal, no operation failed; no 429 once the rate is known',
    unlimitedHostSeconds: round(free.seconds, 1),
  }
}

/** The requests the host took are the work's own (the crawl's count varies a little with when uploads land). */
function figures(run: Awaited<ReturnType<typeof runWorkload>>) {
  const taken = run.apiRequests - run.refused
  const ideal = taken / RATE
  return {
    apiRequestsTaken: taken,
    refusedWithA429: run.refused,
    failedOperations: run.failed,
    learnedRatesPerSec: run.learned,
    seconds: round(run.seconds, 1),
    idealSeconds: round(ideal, 1),
    overIdealPercent: round(((run.seconds - ideal) / ideal) * 100, 1),
  }
}

async function runWorkload(dir: string, variant: string[], uploads: string[], knownRatePerSec?: number) {
  const sandbox = await startReady<SandboxRef>(
    'sandbox/main.ts',
    ['--port', '0', '--data', join(dir, 'sb'), '--seed-files', String(FILES), '--seed-flat', ...variant],
    120_000,
  )
  let apiRequests = 0
  const dispatcher: Dispatcher = new Agent({ connections: 8 }).compose((dispatch) => (opts, handler) => {
    if (String(opts.path).startsWith('/api/')) apiRequests++
    return dispatch(opts, handler)
  })
  const learned: number[] = []
  const budget = new RequestBudget({
    ...(knownRatePerSec === undefined ? {} : { learned: { learnedRatePerSec: knownRatePerSec } }),
    onLearn: (p) => {
      if (p.learnedRatePerSec !== undefined) learned.push(round(p.learnedRatePerSec, 1))
    },
  })
  const { baseUrl, apiKey } = sandbox.ready
  // Three clients of one account, as the app's crawl, queue and link checker use it, sharing its budget.
  const clients = [0, 1, 2].map(() => new ApiClient({ baseUrl, apiKey, dispatcher, budget }))
  const [crawler, uploader, checker] = clients as [ApiClient, ApiClient, ApiClient]
  const index = IndexService.open({
    file: join(dir, 'file-index.sqlite'),
    clientFor: async () => crawler,
    accounts: () => [{ id: ACCOUNT, label: 'Bench' }],
    emit: () => undefined,
    perPage: 1000,
    autoCrawl: false,
    log: () => undefined,
  })
  let failed = 0
  const counted = <T>(p: Promise<T>) =>
    p.catch((error: unknown) => {
      failed++
      console.error(`bench rate: ${String(error)}`)
    })
  try {
    const started = performance.now()
    const crawl = counted(index.crawl(ACCOUNT))
    const upload = (async () => {
      const server = await uploader.uploadServer()
      let next = 0
      const worker = async () => {
        while (next < uploads.length) {
          const path = uploads[next++] as string
          await counted(uploader.uploadFile(server, path))
        }
      }
      await Promise.all([worker(), worker(), worker(), worker()])
    })()
    const check = (async () => {
      const listed = await checker.fileList({ page: 1, perPage: LINKS / 2 })
      const alive = listed.files.map((f) => checker.pageLink(f.fileCode))
      const unknown = alive.map((_, i) => `${baseUrl}/zz${String(i).padStart(10, '0')}`)
      const answers = await checker.filesCheck([...alive, ...unknown])
      if (answers.filter((a) => a.found).length !== alive.length) throw new Error('the link check miscounted')
    })()
    await Promise.all([crawl, upload, counted(check)])
    const seconds = (performance.now() - started) / 1000
    const [status] = index.status()
    // The uploads may land before the crawl reaches them: at least the seeded files.
    if ((status?.filesIndexed ?? 0) < FILES)
      throw new Error(`the crawl indexed ${status?.filesIndexed} of ${FILES}`)
    const faults = (await (await fetch(`${baseUrl}/sandbox/faults?key=${apiKey}`)).json()) as {
      result: { refused?: { rate: number } }
    }
    return { seconds, apiRequests, refused: faults.result.refused?.rate ?? 0, failed, learned }
  } finally {
    await index.close()
    await Promise.all(clients.map((c) => c.close()))
    await dispatcher.close()
    await sandbox.stop()
  }
}
