// A download in a process of its own, for the tests that kill it, run two at once, run it as another user or
// measure its memory. Argument: the JSON of ChildJob. Writes one JSON line per event on stdout: `{"progress":n}`
// every PROGRESS_STEP bytes, then `{"done":…,"maxRssBytes":…}` or `{"error":{kind,message}}` (exit 1).
import { ApiClient } from '../../api/client.ts'
import { TokenBucket } from '../../queue/throttle.ts'
import { downloadFile } from '../download-file.ts'

export interface ChildJob {
  baseUrl: string
  apiKey: string
  code: string
  size: number
  dir: string
  localName: string
  onConflict?: 'skip' | 'rename' | 'overwrite'
}

const PROGRESS_STEP = 256 << 10

const job = JSON.parse(process.argv[2] ?? '{}') as ChildJob
const client = new ApiClient({ baseUrl: job.baseUrl, apiKey: job.apiKey })
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`)
let said = 0

try {
  const done = await downloadFile({
    dir: job.dir,
    localName: job.localName,
    fileCode: job.code,
    size: job.size,
    link: () => client.directLink(job.code),
    server: client,
    bucket: new TokenBucket(null),
    onProgress: (bytes) => {
      if (bytes - said < PROGRESS_STEP) return
      said = bytes
      say({ progress: bytes })
    },
    signal: new AbortController().signal,
    onConflict: job.onConflict ?? 'rename',
  })
  say({ done, maxRssBytes: process.resourceUsage().maxRSS * 1024 })
} catch (err) {
  const { kind, message } = err as { kind?: string; message?: string }
  say({ error: { kind: kind ?? 'unknown', message: message ?? String(err) } })
  process.exitCode = 1
} finally {
  await client.close()
}
