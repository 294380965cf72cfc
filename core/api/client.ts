import { defineMessages } from '@formatjs/intl'
import type {
  AccountInfo,
  AccountStatsEntry,
  ClonedFile,
  CreatedFolder,
  DeletedFile,
  DirectLink,
  FileCheckEntry,
  FileInfo,
  FileList,
  FileListParams,
  Folder,
  FolderListing,
  RemoteUploadStarted,
  RemoteUploadStatus,
  UploadedFile,
  UploadOutcome,
  UploadServer,
} from '../../shared/api/types.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { openRange, type RangeAnswer, type RangeRequest } from './file-server.ts'
import { type HostProfile, HostProfileKeeper } from './host-profile.ts'
import { parseAnswer } from './schema-primitives.ts'
import * as S from './schemas.ts'
import { type ApiClientOptions, ApiTransport, type Params } from './transport.ts'
import { type UploadOptions, UploadSender } from './upload-sender.ts'
import * as V from './validate.ts'

export type { ApiClientOptions } from './transport.ts'

export interface CallOptions {
  signal?: AbortSignal | undefined
}

export type { UploadOptions } from './upload-sender.ts'

/**
 * Batch size for files/check and file/info. The maximum number of url_N fields (and of codes per file/info) is
 * not shown; 50 per request keeps URLs and forms far below common 8 KiB limits; the answers are merged in order.
 */
export const BATCH = 50

/**
 * One typed method per operation of the spec, results normalised (shared/api/types.ts), failures typed
 * (FiledockError). Arguments are checked before any request; reads retry on transient failures, writes never do.
 */
export class ApiClient {
  private readonly t: ApiTransport
  private readonly keeper: HostProfileKeeper
  private readonly uploads: UploadSender

  constructor(opts: ApiClientOptions) {
    this.t = new ApiTransport(opts)
    this.keeper = new HostProfileKeeper(opts.profile)
    this.uploads = new UploadSender(this.t, this.keeper, (o) => this.uploadServer(o))
  }

  get baseUrl(): string {
    return this.t.baseUrl
  }

  /** What the host has shown about itself so far (host-profile.ts). */
  get profile(): Readonly<HostProfile> {
    return this.keeper.current
  }

  /** Where the host's page links point: learned from its answers, set by hand, else the API's base. */
  get linkBase(): string {
    return this.keeper.current.linkBase ?? this.t.baseUrl
  }

  /** A file's public page, `{link_base}/<file_code>` (the spec's `{base_url}/<file_code>` until a host shows otherwise). */
  pageLink(fileCode: string): string {
    return `${this.linkBase}/${fileCode}`
  }

  /** Closes the connection pool this client created (not a dispatcher passed in). Idempotent. */
  close(): Promise<void> {
    return this.t.close()
  }

  // 1. The storage left is kept: a file larger than it is refused before it is sent (upload-rules.ts).
  async accountInfo(o?: CallOptions): Promise<AccountInfo> {
    const info = parseAnswer(
      S.accountInfoAnswer,
      'account/info',
      await this.t.read('account/info', {}, o?.signal),
    )
    this.uploads.noteStorageLeft(info.storageLeft)
    return info
  }

  /**
   * 2. `days` is sent as `last`, the number of days hosts of this family take (the spec shows only `key`); a host
   * that ignores it answers its default range, which the caller shows as it is.
   */
  async accountStats(o?: CallOptions & { days?: number | undefined }): Promise<AccountStatsEntry[]> {
    const params = o?.days === undefined ? {} : { last: o.days }
    return parseAnswer(
      S.accountStatsAnswer,
      'account/stats',
      await this.t.read('account/stats', params, o?.signal),
    )
  }

  // 3
  async uploadServer(o?: CallOptions): Promise<UploadServer> {
    return parseAnswer(
      S.uploadServerAnswer,
      'upload/server',
      await this.t.read('upload/server', {}, o?.signal),
    )
  }

  /**
   * 4: the form POST to the upload server from op 3, never sent again once the host may have stored the file;
   * what the host is known to refuse is refused first, and what its refusals teach is learned (upload-sender.ts).
   */
  async uploadFile(
    server: UploadServer,
    path: string,
    o: UploadOptions = {},
  ): Promise<UploadedFile & { size: number }> {
    const r = await this.uploads.send(server, path, o)
    return { fileCode: r.fileCode, size: r.size }
  }

  /** Ops 3 then 4 for one file, with a fresh session. The file is checked before upload/server is asked. */
  async upload(path: string, o: UploadOptions = {}): Promise<UploadOutcome> {
    await this.uploads.check(path, o)
    const r = await this.uploads.send(await this.uploadServer(o), path, o, true)
    return { fileCode: r.fileCode, link: this.pageLink(r.fileCode), size: r.size, name: r.name }
  }

  // 5
  async uploadRemote(url: string, folder = 0, o?: CallOptions): Promise<RemoteUploadStarted> {
    const op = 'upload/url'
    const params = { url: V.checkHttpUrl(op, url), folder: V.checkFolderId(op, folder, 'folder') }
    return parseAnswer(S.remoteUploadStartedAnswer, op, await this.t.write(op, params, o?.signal))
  }

  // 6: not retried either: what this form does on the host is not shown.
  async uploadRemoteStatus(fileCode: string, o?: CallOptions): Promise<RemoteUploadStatus> {
    const op = 'upload/url'
    const params = { file_code: V.checkFileCode(op, fileCode) }
    return parseAnswer(S.remoteUploadStatusAnswer, op, await this.t.write(op, params, o?.signal))
  }

  // 7
  async directLink(fileCode: string, o?: CallOptions): Promise<DirectLink> {
    const op = 'file/direct_link'
    const params = { file_code: V.checkFileCode(op, fileCode) }
    return parseAnswer(S.directLinkAnswer, op, await this.t.read(op, params, o?.signal))
  }

  /**
   * A ranged GET of a direct link from op 7 (core/api/file-server.ts), through this client's connections and
   * proxy. Never retried here: the caller resumes from the bytes it has. It takes no slot of the account's
   * request budget: the file server is not the API host whose rate the budget keeps (the direct_link call that
   * gave the URL took one).
   */
  openRange(url: string, req: RangeRequest): Promise<RangeAnswer> {
    const { dispatcher, userAgent, apiKey, proxyFor } = this.t.ctx
    const idleTimeoutMs = this.t.downloadIdleTimeoutMs
    return openRange({ dispatcher, userAgent, apiKey, idleTimeoutMs, proxyFor }, url, req)
  }

  /**
   * 8. Several codes go comma-separated in one file_code (how hosts of this family take lists; the spec shows
   * only one code), BATCH at a time. Unknown codes come back as `found: false` records.
   */
  async fileInfo(codes: string | readonly string[], o?: CallOptions): Promise<FileInfo[]> {
    const op = 'file/info'
    const list = V.checkFileCodes(op, codes)
    const out: FileInfo[] = []
    for (let i = 0; i < list.length; i += BATCH) {
      const params = { file_code: list.slice(i, i + BATCH).join(',') }
      out.push(...parseAnswer(S.fileInfoAnswer, op, await this.t.read(op, params, o?.signal)))
    }
    return out
  }

  // 9
  async fileList(p: FileListParams = {}, o?: CallOptions): Promise<FileList> {
    const op = 'file/list'
    const params: Params = {
      page: p.page === undefined ? undefined : V.checkPositiveInt(op, p.page, 'page'),
      per_page: p.perPage === undefined ? undefined : V.checkPositiveInt(op, p.perPage, 'per_page'),
      fld_id: p.fldId === undefined ? undefined : V.checkFolderId(op, p.fldId),
      public: p.public === undefined ? undefined : V.checkInt(op, p.public, 'public'),
      created: p.created === undefined ? undefined : V.checkTimestamp(op, p.created, 'created'),
      // An empty filter means "no filter", as in the app's search box: it is left out rather than sent empty.
      name: p.name === undefined ? undefined : V.checkSearchText(op, p.name) || undefined,
    }
    const list = parseAnswer(S.fileListAnswer, op, await this.t.read(op, params, o?.signal))
    this.noteLinks(list.files)
    return list
  }

  // 10
  async fileRename(fileCode: string, name: string, o?: CallOptions): Promise<void> {
    const op = 'file/rename'
    const params = { file_code: V.checkFileCode(op, fileCode), name: V.checkName(op, name) }
    S.confirmed(op, await this.t.write(op, params, o?.signal))
  }

  // 11
  async fileClone(fileCode: string, o?: CallOptions): Promise<ClonedFile> {
    const op = 'file/clone'
    const params = { file_code: V.checkFileCode(op, fileCode) }
    const clone = parseAnswer(S.cloneAnswer, op, await this.t.write(op, params, o?.signal))
    this.keeper.noteLink(clone.url, clone.fileCode, this.t.baseUrl)
    return clone
  }

  // 12
  async fileSetFolder(fileCode: string, fldId: number, o?: CallOptions): Promise<void> {
    const op = 'file/set_folder'
    const params = { file_code: V.checkFileCode(op, fileCode), fld_id: V.checkFolderId(op, fldId) }
    await this.t.write(op, params, o?.signal)
  }

  // 13
  async filesDeleted(o?: CallOptions): Promise<DeletedFile[]> {
    return parseAnswer(
      S.filesDeletedAnswer,
      'files/deleted',
      await this.t.read('files/deleted', {}, o?.signal),
    )
  }

  // 14: a POST form (key as a field), BATCH URLs per request; results in the order given.
  async filesCheck(urls: readonly string[], o?: CallOptions): Promise<FileCheckEntry[]> {
    const op = 'files/check'
    if (!Array.isArray(urls) || urls.length === 0) throw V.invalid(op, CLIENT.urlsRequired)
    const checked = urls.map((u, i) => V.checkHttpUrl(op, u, `url_${i}`))
    const unique = [...new Set(checked)]
    const answers = new Map<string, Omit<FileCheckEntry, 'url'>>()
    for (let i = 0; i < unique.length; i += BATCH) {
      const batch = unique.slice(i, i + BATCH)
      const form = new URLSearchParams(batch.map((u, n) => [`url_${n}`, u]))
      const result = parseAnswer(S.filesCheckAnswer, op, await this.t.postFormRead(op, form, o?.signal))
      for (const u of batch) {
        const entry = result[u]
        if (!entry) {
          throw translatedError({ kind: 'malformed', operation: op }, CLIENT.noEntry, {
            url: JSON.stringify(u.slice(0, 200)),
          })
        }
        answers.set(u, entry)
      }
    }
    return checked.map((url) => ({ url, found: false, fileSize: 0, ...answers.get(url) }))
  }

  // 15
  async folderList(fldId = 0, o?: CallOptions): Promise<FolderListing> {
    const op = 'folder/list'
    const params = { fld_id: V.checkFolderId(op, fldId) }
    const listing = parseAnswer(S.folderListAnswer, op, await this.t.read(op, params, o?.signal))
    this.noteLinks(listing.files)
    return listing
  }

  /**
   * folder/list's subfolders alone. The answer carries every file of the folder too (15 MB for 100,000 files);
   * they are parsed as they arrive and dropped, never held or validated, so a big folder costs no long stall.
   * Decision (the spec does not say what a folder with no subfolders answers): `result.folders` must be there,
   * an empty array for none. An answer without it is refused as malformed rather than read as "no subfolders",
   * which would make the index drop the folder's subfolders.
   */
  async subfolders(fldId = 0, o?: CallOptions): Promise<Folder[]> {
    const op = 'folder/list'
    const params = { fld_id: V.checkFolderId(op, fldId) }
    const paths = ['status', 'msg', 'error', 'result.folders']
    return parseAnswer(S.subfoldersAnswer, op, await this.t.readPicked(op, params, paths, o?.signal))
  }

  // 16
  async folderCreate(name: string, parentId = 0, o?: CallOptions): Promise<CreatedFolder> {
    const op = 'folder/create'
    const params = { parent_id: V.checkFolderId(op, parentId, 'parent_id'), name: V.checkName(op, name) }
    return parseAnswer(S.folderCreateAnswer, op, await this.t.write(op, params, o?.signal))
  }

  // 17
  async folderRename(fldId: number, name: string, o?: CallOptions): Promise<void> {
    const op = 'folder/rename'
    const params = { fld_id: V.checkFolderId(op, fldId), name: V.checkName(op, name) }
    S.confirmed(op, await this.t.write(op, params, o?.signal))
  }

  /**
   * A listing's links show where the host's links point now (the first file's is enough: one answer has one link
   * base); a move is learned and told once (host-profile.ts).
   */
  private noteLinks(files: readonly { link: string; fileCode: string }[]): void {
    const first = files[0]
    if (first !== undefined) this.keeper.noteLink(first.link, first.fileCode, this.t.baseUrl)
  }
}

const CLIENT = defineMessages({
  urlsRequired: { id: 'errors.input.urlsRequired', defaultMessage: 'At least one URL is required.' },
  noEntry: {
    id: 'errors.host.noEntry',
    defaultMessage: "The host's answer when {action} has no entry for {url}.",
  },
})
