import { defineMessage } from '@formatjs/intl'
import { z } from 'zod'
import type {
  AccountInfo,
  AccountStatsEntry,
  ClonedFile,
  DeletedFile,
  DirectLink,
  FileInfo,
  FileList,
  FileListItem,
  Folder,
  FolderListing,
  UploadServer,
} from '../../shared/api/types.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import {
  boolLike,
  decimalLike,
  fileCodeFields,
  httpUrl,
  intLike,
  opaqueOrNull,
  parseAnswer,
  pickFileCode,
} from './schema-primitives.ts'

/**
 * One schema per answer, producing the normalised types of shared/api/types.ts. The envelope's status and msg are
 * checked before these run (envelope.ts), so these look only at the parts we use.
 */

const storageLeft = z.union([
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['inf', 'infinity', 'unlimited']))
    .transform(() => 'unlimited' as const),
  decimalLike,
])

/** storage_used: null shown, format otherwise not shown. A number is kept; anything else reads as unknown. */
const storageUsed = z
  .unknown()
  .transform((v) =>
    typeof v === 'number' ? v : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : null,
  )

export const accountInfoAnswer = z
  .object({
    result: z.object({
      email: z.string(),
      balance: decimalLike,
      storage_used: storageUsed,
      premium_expire: z.string().nullish(),
      storage_left: storageLeft,
    }),
  })
  .transform(
    ({ result: r }): AccountInfo => ({
      email: r.email,
      balance: r.balance,
      storageUsed: r.storage_used,
      premiumExpire: r.premium_expire || null,
      storageLeft: r.storage_left,
    }),
  )

const statsEntry = z
  .object({
    day: z.string().optional(),
    downloads: intLike,
    sales: intLike,
    views: intLike,
    refs: intLike,
    profit_sales: decimalLike,
    profit_refs: decimalLike,
    profit_site: decimalLike,
    profit_total: decimalLike,
  })
  .transform(
    (r): AccountStatsEntry => ({
      ...(r.day !== undefined ? { day: r.day } : {}),
      downloads: r.downloads,
      sales: r.sales,
      views: r.views,
      refs: r.refs,
      profitSales: r.profit_sales,
      profitRefs: r.profit_refs,
      profitSite: r.profit_site,
      profitTotal: r.profit_total,
    }),
  )

export const accountStatsAnswer = z.object({ result: z.array(statsEntry) }).transform((a) => a.result)

/**
 * Op 3. Some hosts of the family (DoodStream's) answer the upload URL alone, with no `sess_id`: their form takes
 * the key instead (multipart-upload.ts). Such an answer is an UploadServer with an empty `sessId`. A `sess_id`
 * that is there but empty is still refused: that host meant to give one.
 */
export const uploadServerAnswer = z
  .object({ sess_id: z.string().trim().min(1, 'the upload session id is empty').optional(), result: httpUrl })
  .transform((a): UploadServer => ({ sessId: a.sess_id ?? '', uploadUrl: a.result }))

/** Op 5 has no result; the msg (WORKING) is all there is. */
export const remoteUploadStartedAnswer = z
  .object({ msg: z.string().optional() })
  .transform((a) => ({ message: a.msg ?? 'WORKING' }))

/** Op 6: file_code at the top level as shown; inside `result` tolerated. */
export const remoteUploadStatusAnswer = z
  .object({
    ...fileCodeFields,
    msg: z.string().optional(),
    result: z.object(fileCodeFields).optional(),
  })
  .transform((a, ctx) => {
    const code = pickFileCode(
      { file_code: a.file_code ?? a.result?.file_code, filecode: a.filecode ?? a.result?.filecode },
      ctx,
    )
    return { fileCode: code, ...(a.msg !== undefined ? { message: a.msg } : {}) }
  })

export const directLinkAnswer = z
  .object({ result: z.object({ url: httpUrl, size: intLike }) })
  .transform((a): DirectLink => ({ url: a.result.url, size: a.result.size }))

const fileInfoRecord = z
  .object({
    ...fileCodeFields,
    status: intLike.optional(),
    name: z.string().optional(),
    size: intLike.optional(),
    uploaded: z.string().optional(),
    downloads: intLike.optional(),
  })
  .transform((r, ctx): FileInfo => {
    const fileCode = pickFileCode(r, ctx)
    const status = r.status ?? 200
    if (status !== 200) return { found: false, fileCode, status }
    if (r.name === undefined || r.size === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'a record with status 200 has no name or size',
        path: ['name'],
      })
      return { found: false, fileCode, status }
    }
    return {
      found: true,
      fileCode,
      status,
      name: r.name,
      size: r.size,
      uploaded: r.uploaded ?? '',
      downloads: r.downloads ?? 0,
    }
  })

export const fileInfoAnswer = z.object({ result: z.array(fileInfoRecord) }).transform((a) => a.result)

const fileListRecord = z
  .object({
    ...fileCodeFields,
    name: z.string(),
    downloads: intLike,
    thumbnail: opaqueOrNull,
    public: intLike,
    size: intLike,
    link: z.string(),
    fld_id: intLike,
    uploaded: z.string(),
  })
  .transform(
    (r, ctx): FileListItem => ({
      fileCode: pickFileCode(r, ctx),
      name: r.name,
      downloads: r.downloads,
      thumbnail: r.thumbnail,
      public: r.public,
      size: r.size,
      link: r.link,
      fldId: r.fld_id,
      uploaded: r.uploaded,
    }),
  )

export const fileListAnswer = z
  .object({
    result: z.object({ files: z.array(fileListRecord), results_total: intLike, results: intLike.optional() }),
  })
  .transform(
    ({ result: r }): FileList => ({
      files: r.files,
      resultsTotal: r.results_total,
      results: r.results ?? r.files.length,
    }),
  )

export const cloneAnswer = z
  .object({ result: z.object({ ...fileCodeFields, url: z.string() }) })
  .transform((a, ctx): ClonedFile => ({ fileCode: pickFileCode(a.result, ctx), url: a.result.url }))

const deletedRecord = z
  .object({ ...fileCodeFields, name: z.string(), deleted: z.string(), deleted_ago_sec: intLike })
  .transform(
    (r, ctx): DeletedFile => ({
      fileCode: pickFileCode(r, ctx),
      name: r.name,
      deleted: r.deleted,
      deletedAgoSec: r.deleted_ago_sec,
    }),
  )

export const filesDeletedAnswer = z.object({ result: z.array(deletedRecord) }).transform((a) => a.result)

const checkEntry = z
  .object({ found: boolLike, file_size: intLike.nullish() })
  .transform((e) => ({ found: e.found, fileSize: e.file_size ?? 0 }))

export const filesCheckAnswer = z
  .object({ result: z.record(z.string(), checkEntry) })
  .transform((a) => a.result)

const folderRecord = z
  .object({ fld_id: intLike, name: z.string(), code: opaqueOrNull })
  .transform((f) => ({ fldId: f.fld_id, name: f.name, code: f.code }))

const folderFileRecord = z
  .object({ ...fileCodeFields, fld_id: intLike, link: z.string(), uploaded: z.string(), name: z.string() })
  .transform((f, ctx) => ({
    fileCode: pickFileCode(f, ctx),
    name: f.name,
    fldId: f.fld_id,
    link: f.link,
    uploaded: f.uploaded,
  }))

export const subfoldersAnswer = z
  .object({ result: z.object({ folders: z.array(folderRecord) }) })
  .transform((a): Folder[] => a.result.folders)

export const folderListAnswer = z
  .object({
    result: z.object({
      files: z.array(folderFileRecord).default([]),
      folders: z.array(folderRecord).default([]),
    }),
  })
  .transform((a): FolderListing => ({ folders: a.result.folders, files: a.result.files }))

/** fld_id inside result as shown; a bare id as result tolerated. */
export const folderCreateAnswer = z
  .object({ result: z.union([z.object({ fld_id: intLike }), intLike.transform((fld_id) => ({ fld_id }))]) })
  .transform((a) => ({ fldId: a.result.fld_id }))

/**
 * rename answers result "true" (a string, per the spec). Decision: status 200 is the success signal; a result
 * that explicitly says false contradicts it and is treated as a failure; an absent result is accepted.
 */
const confirmationAnswer = z.object({
  result: z.union([z.string(), z.boolean(), z.number(), z.null()]).optional(),
})

export function confirmed(op: string, body: unknown): void {
  const { result } = parseAnswer(confirmationAnswer, op, body)
  if (result === false || result === 0 || (typeof result === 'string' && /^\s*(false|0)\s*$/i.test(result))) {
    throw translatedError({ kind: 'server', operation: op }, NOT_CONFIRMED, { answer: String(result) })
  }
}

const textLike = z.union([z.string(), z.number().transform(String)])

/** One file of an upload answer, whichever shape carried it. */
const uploadedEntry = z
  .object({
    file_code: textLike.optional(),
    filecode: textLike.optional(),
    file_status: textLike.optional(),
    status: textLike.optional(),
    url: z.string().optional(),
    link: z.string().optional(),
  })
  .transform((e) => ({
    code: (e.file_code ?? e.filecode ?? '').trim(),
    status: (e.file_status ?? e.status)?.trim(),
    link: e.url ?? e.link,
  }))

const uploadedList = z.array(uploadedEntry).min(1, 'the host accepted no file')

/**
 * Op 4's answer, checked further in multipart-upload.ts. The spec's bare array `[{file_code, file_status}]`, and
 * the shapes the family's video hosts answer (issue 19): `{files:[{filecode, status}]}`,
 * `{result:[{filecode, url, status}]}` (or one object in `result`), `{file:{file_code, url}}` beside `success`.
 * Each file's `status` reads like `file_status` ("OK", and 200 as a number or a string); a page link in `url` or
 * `link` is kept, for the link base it shows.
 */
export const uploadFormAnswer = z.union([
  uploadedList,
  z.object({ files: uploadedList }).transform((a) => a.files),
  z
    .object({ result: z.union([uploadedList, uploadedEntry.transform((e) => [e])]) })
    .transform((a) => a.result),
  z.object({ file: uploadedEntry }).transform((a) => [a.file]),
])

const NOT_CONFIRMED = defineMessage({
  id: 'errors.host.notConfirmed',
  defaultMessage: 'The host did not confirm {action} (it answered “{answer}”).',
})
