import { Agent, request } from 'undici'
import type { SandboxRef } from '../sandbox/testing/api-calls.ts'
import { median, quantile, round } from './lib/stats.ts'

/** Latency of file/list pages and folder/list answers on a sandbox seeded with 100,000 files. */
export async function benchLists(sandbox: SandboxRef, samples: number) {
  const agent = new Agent({ connections: 1 })
  const key = encodeURIComponent(sandbox.apiKey)
  const time = async (path: string) => {
    const started = performance.now()
    const res = await request(`${sandbox.baseUrl}${path}`, { dispatcher: agent })
    const body = (await res.body.json()) as { msg?: string }
    if (body.msg !== 'OK') throw new Error(`${path} answered ${JSON.stringify(body).slice(0, 200)}`)
    return performance.now() - started
  }
  const measure = async (makePath: (i: number) => string) => {
    for (let i = 0; i < 5; i++) await time(makePath(i)) // warm-up
    const ms: number[] = []
    for (let i = 0; i < samples; i++) ms.push(await time(makePath(i)))
    return { medianMs: round(median(ms), 2), p95Ms: round(quantile(ms, 0.95), 2) }
  }
  const root = (await (
    await request(`${sandbox.baseUrl}/api/folder/list?key=${key}`, { dispatcher: agent })
  ).body.json()) as { result: { folders: Array<{ fld_id: number }> } }
  const folder = root.result.folders[0]?.fld_id ?? 0
  const result = {
    fileListPage: await measure((i) => `/api/file/list?key=${key}&page=${1 + (i % 50)}&per_page=100`),
    fileListInFolder: await measure(
      (i) => `/api/file/list?key=${key}&fld_id=${folder}&page=${1 + (i % 10)}&per_page=100`,
    ),
    fileListByName: await measure((i) => `/api/file/list?key=${key}&name=${i % 10}${i % 7}&per_page=100`),
    // Two filters: every record of the account is read.
    fileListPublicSince: await measure(
      (i) => `/api/file/list?key=${key}&public=1&created=2000-01-01&page=${1 + (i % 50)}&per_page=100`,
    ),
    folderList: await measure(() => `/api/folder/list?key=${key}&fld_id=0`),
    target: '< 20 ms median',
  }
  await agent.close()
  return result
}
