import { describe, expect, it } from 'vitest'
import { decimal5Re, expectOk, getJson, sandboxForAll, timestampRe } from './test-support.ts'

const t = sandboxForAll()

describe('account operations', () => {
  it('op 1 account/info has the spec fields and types', async () => {
    const body = await t.api('account/info')
    expectOk(body)
    const r = body.result
    expect(Object.keys(r).sort()).toEqual([
      'balance',
      'email',
      'premium_expire',
      'storage_left',
      'storage_used',
    ])
    expect(r.email).toBe('demo@sandbox.local')
    expect(r.balance).toMatch(decimal5Re)
    expect(r.storage_used).toBeNull()
    expect(r.premium_expire).toMatch(timestampRe)
    expect(r.storage_left).toBe('inf')
  })

  it('a quota account reports storage_left as a number string that shrinks with uploads', async () => {
    const { apiKey } = await t.sb.createAccount('quota@example.com', { quotaBytes: 1000 })
    const info = await getJson(`${t.sb.baseUrl}/api/account/info?key=${apiKey}`)
    expect(info.result.email).toBe('quota@example.com')
    expect(info.result.storage_left).toBe('1000')
    await t.upload([{ name: 'a.txt', data: 'x'.repeat(300) }], apiKey)
    const after = await getJson(`${t.sb.baseUrl}/api/account/info?key=${apiKey}`)
    expect(after.result.storage_left).toBe('700')
  })

  it('op 2 account/stats: one row per day, string values, downloads and views counted', async () => {
    const [up] = await t.upload([{ name: 's.bin', data: 'stats' }])
    const code = up.file_code
    const link = await t.api('file/direct_link', { file_code: code })
    await (await fetch(link.result.url)).arrayBuffer()
    await (await fetch(`${t.sb.baseUrl}/${code}`)).text()
    await (await fetch(`${t.sb.baseUrl}/${code}/s.bin.html`)).text()

    const body = await t.api('account/stats')
    expectOk(body)
    expect(body.result).toHaveLength(7)
    const fields = [
      'downloads',
      'sales',
      'views',
      'refs',
      'profit_sales',
      'profit_refs',
      'profit_site',
      'profit_total',
    ]
    for (const row of body.result) {
      expect(row.day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      for (const f of fields) expect(typeof row[f]).toBe('string')
      for (const f of ['downloads', 'sales', 'views', 'refs']) expect(row[f]).toMatch(/^\d+$/)
      for (const f of fields.slice(4)) expect(row[f]).toMatch(decimal5Re)
    }
    const today = body.result.at(-1)
    expect(today.day).toBe(new Date().toISOString().slice(0, 10))
    expect(today.downloads).toBe('1')
    expect(today.views).toBe('2')
    expect(today.profit_total).toBe('0.00010')
    const info = await t.api('account/info')
    expect(info.result.balance).toBe('0.00010')
    expect((await t.api('account/stats', { last: 30 })).result).toHaveLength(30)
  })

  it('/sandbox/account/create makes another account with its own key and data', async () => {
    const body = await getJson(
      `${t.sb.baseUrl}/sandbox/account/create?key=${t.sb.apiKey}&email=x%40example.com`,
    )
    expectOk(body)
    const key = body.result.key
    expect(key).toMatch(/^[a-z0-9]{24}$/)
    expect(key).not.toBe(t.sb.apiKey)
    expect((await t.api('account/info', { key })).result.email).toBe('x@example.com')
    expect((await t.api('file/list', { key })).result.results_total).toBe(0)
  })

  it('op 3 upload/server gives a session and the upload URL', async () => {
    const body = await t.api('upload/server')
    expectOk(body)
    expect(typeof body.sess_id).toBe('string')
    expect(body.sess_id.length).toBeGreaterThan(10)
    expect(typeof body.result).toBe('string')
    expect(body.result.startsWith(`${t.sb.baseUrl}/`)).toBe(true)
  })
})
