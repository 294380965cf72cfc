/**
 * Talks to the sandbox host over its public HTTP API, the way any client would: the e2e tests seed data and check
 * what the UI did with it (a rename the page shows is only proof once the host says so too), and the benchmarks
 * prepare their sandboxes and read them back.
 */
import type { ServedRange } from '../served-ranges.ts'

/** Where a sandbox listens and its account's key (a sandbox process's ready line has both). */
export interface SandboxRef {
  baseUrl: string
  apiKey: string
}

interface Envelope<T> {
  status?: number | string
  msg?: string
  result: T
}

export async function apiGet<T>(
  sb: SandboxRef,
  op: string,
  params: Record<string, string | number> = {},
): Promise<T> {
  const url = new URL(`/api/${op}`, sb.baseUrl)
  url.searchParams.set('key', sb.apiKey)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, String(v))
  const res = await fetch(url)
  const body = (await res.json()) as Envelope<T>
  // file/list answers only msg and result (as the spec shows), so a missing status is not a failure.
  const failed = !res.ok || (body.status !== undefined && Number(body.status) !== 200)
  if (failed) throw new Error(`${op} failed: ${res.status} ${body.msg ?? ''}`)
  return body.result
}

/** Sandbox-only: moves a file to the account's deleted files (the spec has no delete). */
export async function deleteFile(sb: SandboxRef, fileCode: string): Promise<void> {
  const url = new URL('/sandbox/file/delete', sb.baseUrl)
  url.searchParams.set('key', sb.apiKey)
  url.searchParams.set('file_code', fileCode)
  const res = await fetch(url)
  if (!res.ok) throw new Error(`sandbox delete failed: ${res.status}`)
}

/** What the file server did with the account's downloads, per file code (GET /sandbox/downloads). */
export interface Served {
  files: Record<string, ServedRange[]>
  /** Requests the bounded log has let go (of any account): 0 means `files` is complete. */
  forgotten: number
}

/**
 * Sandbox-only: each direct-link request for the account's files (only `codes` when given): the bytes asked for
 * and announced, how many went out, how it ended. `clear` forgets what it answers.
 */
export async function servedRanges(
  sb: SandboxRef,
  opts: { codes?: readonly string[]; clear?: boolean } = {},
): Promise<Served> {
  const url = new URL('/sandbox/downloads', sb.baseUrl)
  url.searchParams.set('key', sb.apiKey)
  if (opts.codes) url.searchParams.set('file_code', opts.codes.join(','))
  if (opts.clear) url.searchParams.set('clear', '1')
  const res = await fetch(url)
  const body = (await res.json()) as Envelope<Served>
  if (!res.ok || Number(body.status) !== 200)
    throw new Error(`sandbox downloads failed: ${body.msg ?? res.status}`)
  return body.result
}

export async function createFolder(sb: SandboxRef, name: string, parentId = 0): Promise<number> {
  const result = await apiGet<{ fld_id: number | string }>(sb, 'folder/create', { parent_id: parentId, name })
  return Number(result.fld_id)
}

/** Upload by form (ops 3 and 4), then file/set_folder when a folder is given. Returns the file code. */
export async function upload(sb: SandboxRef, name: string, content: string, fldId = 0): Promise<string> {
  // upload/server answers sess_id beside result, not inside it, so apiGet does not fit.
  const serverUrl = new URL('/api/upload/server', sb.baseUrl)
  serverUrl.searchParams.set('key', sb.apiKey)
  const server = (await (await fetch(serverUrl)).json()) as { sess_id: string; result: string }
  const form = new FormData()
  form.set('sess_id', server.sess_id)
  form.set('utype', 'prem')
  form.set('file_0', new Blob([content], { type: 'application/octet-stream' }), name)
  const res = await fetch(server.result, { method: 'POST', body: form })
  const answer = (await res.json()) as Array<{ file_code: string; file_status: string }>
  const code = answer[0]?.file_code
  if (!res.ok || !code) throw new Error(`upload of ${name} failed: ${res.status} ${JSON.stringify(answer)}`)
  if (fldId !== 0) await apiGet(sb, 'file/set_folder', { file_code: code, fld_id: fldId })
  return code
}

export interface ListedFile {
  name: string
  file_code: string
  fld_id: number
  link: string
}

/**
 * Every file that matches, through as many pages as the host has (or the one `page` asked for): a folder of a seeded
 * account can hold more than one page, and a count of the first page taken for the folder's was a test's flake.
 */
export async function listFiles(
  sb: SandboxRef,
  params: Record<string, string | number> = {},
): Promise<ListedFile[]> {
  const files: ListedFile[] = []
  for (let page = Number(params.page ?? 1); ; page++) {
    const result = await apiGet<{ files: ListedFile[]; results_total: number }>(sb, 'file/list', {
      per_page: 1000,
      ...params,
      page,
    })
    files.push(...result.files)
    // By the host's count, not by a short page: a host may give fewer per page than asked (--max-per-page).
    if (params.page !== undefined || result.files.length === 0 || files.length >= result.results_total)
      return files
  }
}

export interface Seeded {
  folders: { photos: number; documents: number; invoices: number }
  files: Record<string, string>
}

/** A small, known tree: three root files, one in Photos, one in Documents, one in Documents/Invoices. */
export async function seedSmallTree(sb: SandboxRef): Promise<Seeded> {
  const photos = await createFolder(sb, 'Photos')
  const documents = await createFolder(sb, 'Documents')
  const invoices = await createFolder(sb, 'Invoices', documents)
  const files: Record<string, string> = {}
  const put = async (name: string, fld = 0) => {
    files[name] = await upload(sb, name, `content of ${name}\n`.repeat(40), fld)
  }
  await put('report-2024.pdf')
  await put('holiday.jpg')
  await put('notes.txt')
  await put('beach.png', photos)
  await put('contract.docx', documents)
  await put('invoice-001.pdf', invoices)
  return { folders: { photos, documents, invoices }, files }
}
