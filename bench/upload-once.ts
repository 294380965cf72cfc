import { ApiClient } from '../core/api/client.ts'

/**
 * One upload through the API client, in its own process so its peak RSS is its own. Prints one JSON line:
 * {"ms": upload/server + streamed POST, "bytes", "maxRssMiB", "baseRssMiB"}.
 */
const path = process.argv[2]
const baseUrl = process.env.FILEDOCK_BASE_URL
const apiKey = process.env.FILEDOCK_API_KEY
if (!path || !baseUrl || !apiKey) {
  console.error('usage: FILEDOCK_BASE_URL=… FILEDOCK_API_KEY=… upload-once.ts FILE')
  process.exit(2)
}
const client = new ApiClient({ baseUrl, apiKey })
const baseRssMiB = process.memoryUsage.rss() / 2 ** 20
const started = performance.now()
const outcome = await client.upload(path)
const ms = performance.now() - started
await client.close()
const maxRssMiB = process.resourceUsage().maxRSS / 1024
console.log(JSON.stringify({ ms, bytes: outcome.size, maxRssMiB, baseRssMiB, fileCode: outcome.fileCode }))
