import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { noFaults } from './faults.ts'
import { expectError, expectOk, getJson, postForm, rawRequest, sandboxForAll } from './test-support.ts'

const t = sandboxForAll({ faults: { latencyMs: 1 } })
afterEach(() => t.sb.setFaults(noFaults))

const info = () => `${t.sb.baseUrl}/api/account/info?key=${t.sb.apiKey}`

describe('fault injection', () => {
  it('starts with the configured faults and reports them', () => {
    expect(t.sb.getFaults()).toEqual({ ...noFaults, latencyMs: 1 })
  })

  it('latency delays answers', async () => {
    t.sb.setFaults({ latencyMs: 250 })
    const started = Date.now()
    expectOk(await getJson(info()))
    expect(Date.now() - started).toBeGreaterThanOrEqual(240)
  })

  it('errorRate answers HTTP 500/502/503', async () => {
    t.sb.setFaults({ errorRate: 1 })
    for (let i = 0; i < 5; i++) {
      const res = await rawRequest(info())
      expect([500, 502, 503]).toContain(res.status)
      expectError(JSON.parse(res.body.toString()), res.status)
    }
  })

  it('dropRate destroys the connection without an answer', async () => {
    t.sb.setFaults({ dropRate: 1 })
    await expect(rawRequest(info())).rejects.toThrow(/socket hang up|ECONNRESET/)
  })

  it('truncateRate cuts the JSON body in half', async () => {
    t.sb.setFaults({ truncateRate: 1 })
    const whole = JSON.stringify({ a: 1 }).length
    for (let i = 0; i < 6; i++) {
      const res = await rawRequest(info())
      expect(res.status).toBe(200)
      expect(() => JSON.parse(res.body.toString())).toThrow()
      const announced = Number(res.headers['content-length'])
      expect(res.body.length).toBeLessThan(Math.max(announced, whole) + 1)
      if (res.error) expect(res.body.length).toBeLessThan(announced)
    }
  })

  it('nonJsonRate answers an HTML page with HTTP 200 or 502', async () => {
    t.sb.setFaults({ nonJsonRate: 1 })
    const res = await rawRequest(info())
    expect([200, 502]).toContain(res.status)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.body.toString()).toContain('<html>')
  })

  it('rateLimitRate answers 429 with Retry-After', async () => {
    t.sb.setFaults({ rateLimitRate: 1, retryAfterSec: 7 })
    const res = await rawRequest(info())
    expect(res.status).toBe(429)
    expect(res.headers['retry-after']).toBe('7')
    expectError(JSON.parse(res.body.toString()), 429)
  })

  it('faults hit the upload server too; a refused upload stores nothing', async () => {
    const server = await getJson(`${t.sb.baseUrl}/api/upload/server?key=${t.sb.apiKey}`)
    const before = (await getJson(`${t.sb.baseUrl}/api/file/list?key=${t.sb.apiKey}`)).result.results_total
    t.sb.setFaults({ errorRate: 1 })
    const res = await fetch(server.result, { method: 'POST', body: new FormData() })
    expect([500, 502, 503]).toContain(res.status)
    await res.arrayBuffer()
    t.sb.setFaults({ errorRate: 0, truncateRate: 1 })
    await expect(
      postForm(server.result, server.sess_id, [{ name: 'cut.txt', data: 'cut' }]),
    ).rejects.toThrow()
    t.sb.setFaults(noFaults)
    // The truncate fault cuts only the answer: that upload was stored.
    const after = (await getJson(`${t.sb.baseUrl}/api/file/list?key=${t.sb.apiKey}`)).result.results_total
    expect(after).toBe(before + 1)
    expect(await readdir(path.join(t.dir, 'tmp'))).toEqual([])
  })

  it('never touches /sandbox/*, downloads or file pages', async () => {
    const [row] = await t.upload([{ name: 'safe.txt', data: 'safe' }])
    const link = await getJson(
      `${t.sb.baseUrl}/api/file/direct_link?key=${t.sb.apiKey}&file_code=${row.file_code}`,
    )
    t.sb.setFaults({ dropRate: 1 })
    expect(await (await fetch(link.result.url)).text()).toBe('safe')
    expect((await fetch(`${t.sb.baseUrl}/${row.file_code}`)).status).toBe(200)
    expectOk(await getJson(`${t.sb.baseUrl}/sandbox/faults?key=${t.sb.apiKey}`))
  })

  it('GET /sandbox/faults sets and reads the config at run time', async () => {
    const url = `${t.sb.baseUrl}/sandbox/faults?key=${t.sb.apiKey}&error_rate=0.5&latency_ms=3&retry_after_sec=9`
    const body = await getJson(url)
    expectOk(body)
    expect(body.result).toEqual({ ...noFaults, errorRate: 0.5, latencyMs: 3, retryAfterSec: 9 })
    expect(t.sb.getFaults()).toEqual(body.result)
    expectError(await getJson(`${t.sb.baseUrl}/sandbox/faults?key=${t.sb.apiKey}&drop_rate=2`), 400, /0..1/)
    expectError(await getJson(`${t.sb.baseUrl}/sandbox/faults?key=${t.sb.apiKey}&drop_rate=x`), 400)
    expectError(await getJson(`${t.sb.baseUrl}/sandbox/faults?key=nope`), 403, 'Invalid key')
  })

  it('an error rate of 0.5 fails about half of the calls', async () => {
    t.sb.setFaults({ errorRate: 0.5 })
    let failed = 0
    for (let i = 0; i < 60; i++) if ((await rawRequest(info())).status !== 200) failed++
    expect(failed).toBeGreaterThan(10)
    expect(failed).toBeLessThan(50)
  })
})
