import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { expectOk, getJson, type Json, postForm, sandboxForAll } from './test-support.ts'
import { LINK_HOST_A, LINK_HOST_B, specVariant, videoRule } from './variants.ts'

const t = sandboxForAll()
afterEach(() => t.sb.setVariant(specVariant))

const server = (): Promise<Json> => t.api('upload/server')
const portOf = (url: string) => new URL(url).port

describe('link domains', () => {
  it('gives out links on the link host, which serves the file pages, and the API stays where it was', async () => {
    const [up] = await t.upload([{ name: 'a.txt', data: 'a' }])
    await t.sb.setVariant({ linkHost: LINK_HOST_A })
    const list = await t.api('file/list')
    const link = list.result.files[0].link as string
    expect(new URL(link).hostname).toBe(LINK_HOST_A)
    expect(portOf(link)).toBe(portOf(t.sb.baseUrl))
    const page = await fetch(link)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('a.txt')
    const folder = await t.api('folder/list', { fld_id: 0 })
    expect(folder.result.files.map((f: Json) => new URL(f.link).hostname)).toContain(LINK_HOST_A)
    const clone = await t.api('file/clone', { file_code: up.file_code })
    expect(new URL(clone.result.url).hostname).toBe(LINK_HOST_A)
    // files/check answers for a link on any of the host's domains.
    const form = new URLSearchParams({ key: t.sb.apiKey, url_0: link })
    const check = await (
      await fetch(`${t.sb.baseUrl}/api/files/check`, { method: 'POST', body: form })
    ).json()
    expect(check.result[link].found).toBe(true)
    // The file server too: a direct link on the link host, whose bytes are the file's.
    const direct = await t.api('file/direct_link', { file_code: up.file_code })
    expect(new URL(direct.result.url).hostname).toBe(LINK_HOST_A)
    expect(await (await fetch(direct.result.url)).text()).toBe('a')
  })

  it('moves the link domain at the given time: lists before it show the old host, after it the new', async () => {
    await t.upload([{ name: 'm.txt', data: 'm' }])
    await t.sb.setVariant({
      linkHost: LINK_HOST_A,
      movedLinkHost: LINK_HOST_B,
      linkMoveAtMs: Date.now() + 300,
    })
    const before = await t.api('file/list')
    expect(new URL(before.result.files[0].link).hostname).toBe(LINK_HOST_A)
    await new Promise((r) => setTimeout(r, 350))
    const after = await t.api('file/list')
    const links = after.result.files.map((f: Json) => new URL(f.link).hostname)
    expect(new Set(links)).toEqual(new Set([LINK_HOST_B]))
    expect((await fetch(after.result.files[0].link)).status).toBe(200)
  })

  it('is switched at run time through /sandbox/faults, by name and by field', async () => {
    const url = `${t.sb.baseUrl}/sandbox/faults?key=${t.sb.apiKey}&variant=link-domain,answer-files&requests_per_sec=7`
    const answer = await getJson(url)
    expect(answer.result.variant).toEqual({ linkHost: LINK_HOST_A, uploadAnswer: 'files', requestsPerSec: 7 })
    const back = await getJson(`${t.sb.baseUrl}/sandbox/faults?key=${t.sb.apiKey}&variant=spec`)
    expect(back.result.variant).toBeUndefined()
    const bad = await getJson(`${t.sb.baseUrl}/sandbox/faults?key=${t.sb.apiKey}&link_host=example.com`)
    expect(bad.status).toBe(400)
    expect(bad.msg).toMatch(/loopback/)
  })
})

describe('upload answers', () => {
  const uploadOne = async (name = 'v.mp4') => {
    const s = await server()
    return postForm(s.result, s.sess_id, [{ name, data: 'video' }])
  }

  it('files: {status, msg, files:[{filecode, filename, status}]}', async () => {
    await t.sb.setVariant({ uploadAnswer: 'files' })
    const a = await uploadOne()
    expectOk(a)
    expect(a.files).toEqual([
      { filecode: expect.stringMatching(/^[a-z0-9]{12}$/), filename: 'v.mp4', status: 'OK' },
    ])
  })

  it('result: {status, msg, result:[{filecode, url, status}]} with the page link on the link host', async () => {
    await t.sb.setVariant({ uploadAnswer: 'result', linkHost: LINK_HOST_A })
    const a = await uploadOne()
    expectOk(a)
    const [file] = a.result
    expect(file.status).toBe(200)
    expect(file.url).toBe(`http://${LINK_HOST_A}:${portOf(t.sb.baseUrl)}/${file.filecode}`)
  })

  it('file: {success, file:{file_code}}, with no status at all', async () => {
    await t.sb.setVariant({ uploadAnswer: 'file' })
    const a = await uploadOne()
    expect(a.success).toBe(true)
    expect(a).not.toHaveProperty('status')
    expect(a.file.file_code).toMatch(/^[a-z0-9]{12}$/)
  })

  it('string-status writes every envelope status as a string, failures too', async () => {
    await t.sb.setVariant({ stringStatus: true })
    expect((await t.api('account/info')).status).toBe('200')
    expect((await t.api('file/info', { file_code: '' })).status).toBe('400')
  })
})

describe('upload forms', () => {
  it('api-key-form: upload/server has no sess_id and the form wants api_key', async () => {
    await t.sb.setVariant({ formKeyField: 'api_key' })
    const s = await server()
    expectOk(s)
    expect(s).not.toHaveProperty('sess_id')
    const refused = await postForm(s.result, '', [{ name: 'a.txt', data: 'a' }])
    expect(refused).toMatchObject({ status: 400, msg: 'Missing api_key' })
    const form = new FormData()
    form.append('api_key', t.sb.apiKey)
    form.append('file_0', new Blob(['a']), 'a.txt')
    const [ok] = await (await fetch(s.result, { method: 'POST', body: form })).json()
    expect(ok.file_status).toBe('OK')
  })

  it('server-per-file: a session takes one upload, the second is refused with words that say so', async () => {
    await t.sb.setVariant({ serverPerFile: true })
    const s = await server()
    const [first] = await postForm(s.result, s.sess_id, [{ name: 'a.txt', data: 'a' }])
    expect(first.file_status).toBe('OK')
    const second = await postForm(s.result, s.sess_id, [{ name: 'b.txt', data: 'b' }])
    expect(second.status).toBe(400)
    expect(second.msg).toMatch(/already used/)
  })

  it('video-only: other files get the rule as their status and are not stored', async () => {
    await t.sb.setVariant({ videoOnly: true })
    const s = await server()
    const rows = await postForm(s.result, s.sess_id, [
      { name: 'film.MKV', data: 'v' },
      { name: 'backup.zip', data: 'z' },
    ])
    expect(rows[0].file_status).toBe('OK')
    expect(rows[1]).toEqual({ file_code: '', file_status: videoRule })
  })
})

describe('request rate and lock-out', () => {
  it('rate-limit: past N a second, HTTP 200 with {"msg":"Too Many Requests","status":"429"}', async () => {
    await t.sb.setVariant({ requestsPerSec: 3 })
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.api('account/info')))
    const refused = answers.filter((a) => a.status === '429')
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3)
    expect(refused).toHaveLength(2)
    expect(refused[0]).toEqual({ msg: 'Too Many Requests', status: '429' })
    const faults = await getJson(`${t.sb.baseUrl}/sandbox/faults?key=${t.sb.apiKey}`)
    expect(faults.result.refused).toEqual({ rate: 2, lockedOut: 0 })
    expect(faults.result.taken).toBe(3)
  })

  it('lockout: failures in a row lock the key out with the time it ends; other keys go on', async () => {
    const other = await t.sb.createAccount('other@sandbox.local')
    await t.sb.setVariant({ lockoutAfter: 2, lockoutSec: 3600 })
    await t.api('file/info', { file_code: '' })
    await t.api('file/info', { file_code: '' })
    const locked = await t.api('account/info')
    expect(locked).toEqual({ status: 429, msg: 'Too many failed requests. Try again in 60 minutes' })
    expectOk(await t.api('account/info', { key: other.apiKey }))
  })
})

describe('npm run sandbox -- --variant', () => {
  it('starts the named variants, combined, and tunes them by their flags', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'filedock-variant-'))
    const args = ['--data', dir, '--variant', 'link-domain,answer-files', '--variant', 'rate-limit']
    const child = spawn(process.execPath, [
      '--import',
      'tsx',
      join(import.meta.dirname, 'main.ts'),
      ...args,
      '--requests-per-sec',
      '4',
    ])
    try {
      const [line] = (await once(child.stdout, 'data')) as [Buffer]
      const { baseUrl, apiKey } = JSON.parse(line.toString()) as { baseUrl: string; apiKey: string }
      const faults = await getJson(`${baseUrl}/sandbox/faults?key=${apiKey}`)
      expect(faults.result.variant).toEqual({
        linkHost: LINK_HOST_A,
        uploadAnswer: 'files',
        requestsPerSec: 4,
      })
    } finally {
      child.kill('SIGTERM')
      await once(child, 'close')
      await rm(dir, { recursive: true, force: true })
    }
  })
})
