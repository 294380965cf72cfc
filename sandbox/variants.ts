/**
 * How the sandbox departs from the spec the way real hosts of this family do (issue 19): links on another domain
 * that may move, the upload answers of video hosts, an upload form keyed by `api_key`, one upload server per file,
 * video-only uploads, a request rate answered with 429 bodies, a lock-out after repeated failures. The spec's
 * behaviour is `specVariant`; each field changes one behaviour, so they combine. Set like the faults: at start
 * (`--variant NAME`), by `setVariant()`, or by `GET /sandbox/faults` (query names in `variantParams`). Memory only.
 */
export interface HostVariant {
  /**
   * Where the links the host gives out point (file/list, folder/list, file/clone, the upload answers that carry
   * one, and file/direct_link's file-server links): '' = the API's own address, else a loopback address the
   * sandbox also listens on, with its port.
   * Decision: loopback addresses (127.0.0.2, 127.0.0.3), not names: `*.localhost` does not resolve through
   * getaddrinfo on a Debian without systemd-resolved (Node's dns.lookup gave ENOTFOUND here), 127/8 always does.
   */
  linkHost: string
  /** The link host from `linkMoveAtMs` on: a link domain that moves. '' = it never moves. */
  movedLinkHost: string
  /** Epoch ms of the move; 0 = never. */
  linkMoveAtMs: number
  /**
   * The upload form's answer: `array` (the spec: `[{file_code, file_status}]`), `files`
   * (`{status, msg, files:[{filecode, filename, status}]}`), `result` (`{status, msg, result:[{filecode, url,
   * status}]}`), or `file` (`{success, message, file:{file_code, url}}`, `success` in place of `status`).
   */
  uploadAnswer: UploadAnswerShape
  /** Every envelope's `status` as a string (`"200"`, `"404"`), as some hosts write it. */
  stringStatus: boolean
  /**
   * `api_key`: upload/server answers no `sess_id` and the upload form is authorised by an `api_key` field holding
   * the account's key (as DoodStream's); `sess_id` is the spec's.
   */
  formKeyField: 'sess_id' | 'api_key'
  /** An upload session takes one upload; a second one is refused (`Upload server already used`). */
  serverPerFile: boolean
  /** Only video files are accepted; any other gets the rule as its status (videoRule). */
  videoOnly: boolean
  /** API requests per second per key (0 = unlimited); past it `{"msg":"Too Many Requests","status":"429"}`. */
  requestsPerSec: number
  /** Consecutive failed requests of a key that lock it out (0 = never), as send.now does. */
  lockoutAfter: number
  /** How long a lock-out lasts; default an hour. */
  lockoutSec: number
}

export const uploadAnswerShapes = ['array', 'files', 'result', 'file'] as const
export type UploadAnswerShape = (typeof uploadAnswerShapes)[number]

export const specVariant: HostVariant = {
  linkHost: '',
  movedLinkHost: '',
  linkMoveAtMs: 0,
  uploadAnswer: 'array',
  stringStatus: false,
  formKeyField: 'sess_id',
  serverPerFile: false,
  videoOnly: false,
  requestsPerSec: 0,
  lockoutAfter: 0,
  lockoutSec: 3600,
}

/** The loopback addresses of the link-domain variants. */
export const LINK_HOST_A = '127.0.0.2'
export const LINK_HOST_B = '127.0.0.3'

/** What a video-only host says about any other file (the client shows the host's rule in these words). */
export const videoRule =
  'Only video files are allowed (mp4, mkv, avi, mov, webm, flv, wmv, m4v, mpg, 3gp, ts)'
const VIDEO_EXT = /\.(mp4|mkv|avi|mov|webm|flv|wmv|m4v|mpe?g|3gp|ts)$/i

export function isVideoName(name: string): boolean {
  return VIDEO_EXT.test(name)
}

/** Tuning of the named variants that take a number (the command line's --link-move-after, --requests-per-sec…). */
export interface VariantTuning {
  linkMoveAfterSec?: number
  requestsPerSec?: number
  lockoutAfter?: number
  lockoutSec?: number
}

/** The named variants of `--variant NAME` / `variant=NAME,…`: one behaviour each, combinable. */
export const variantNames = [
  'link-domain',
  'link-move',
  'answer-files',
  'answer-result',
  'answer-file',
  'string-status',
  'api-key-form',
  'server-per-file',
  'video-only',
  'rate-limit',
  'lockout',
] as const
export type VariantName = (typeof variantNames)[number]

/** The fields one named variant sets, at `now` (a move is scheduled from then). */
export function namedVariant(name: string, now: number, t: VariantTuning = {}): Partial<HostVariant> {
  switch (name as VariantName) {
    case 'link-domain':
      return { linkHost: LINK_HOST_A }
    case 'link-move':
      return {
        linkHost: LINK_HOST_A,
        movedLinkHost: LINK_HOST_B,
        linkMoveAtMs: now + (t.linkMoveAfterSec ?? 60) * 1000,
      }
    case 'answer-files':
      return { uploadAnswer: 'files' }
    case 'answer-result':
      return { uploadAnswer: 'result' }
    case 'answer-file':
      return { uploadAnswer: 'file' }
    case 'string-status':
      return { stringStatus: true }
    case 'api-key-form':
      return { formKeyField: 'api_key' }
    case 'server-per-file':
      return { serverPerFile: true }
    case 'video-only':
      return { videoOnly: true }
    case 'rate-limit':
      return { requestsPerSec: t.requestsPerSec ?? 10 }
    case 'lockout':
      return { lockoutAfter: t.lockoutAfter ?? 5, lockoutSec: t.lockoutSec ?? 3600 }
    default:
      throw new Error(`unknown variant ${name}: one of ${variantNames.join(', ')}`)
  }
}

/** Several names, comma-separated, merged in order. */
export function namedVariants(list: string, now: number, t: VariantTuning = {}): Partial<HostVariant> {
  const names = list
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '')
  return Object.assign({}, ...names.map((n) => namedVariant(n, now, t)))
}

/** Query parameter names of GET /sandbox/faults that set a variant field. */
export const variantParams: Record<string, keyof HostVariant> = {
  link_host: 'linkHost',
  moved_link_host: 'movedLinkHost',
  link_move_at_ms: 'linkMoveAtMs',
  upload_answer: 'uploadAnswer',
  string_status: 'stringStatus',
  form_key_field: 'formKeyField',
  server_per_file: 'serverPerFile',
  video_only: 'videoOnly',
  requests_per_sec: 'requestsPerSec',
  lockout_after: 'lockoutAfter',
  lockout_sec: 'lockoutSec',
}

/** A query value for `field`, typed as the field is. */
export function variantValue(field: keyof HostVariant, raw: string): HostVariant[keyof HostVariant] {
  const sample = specVariant[field]
  if (typeof sample === 'boolean') {
    if (raw !== '0' && raw !== '1') throw new Error(`${field} must be 0 or 1`)
    return raw === '1'
  }
  if (typeof sample === 'number') return Number(raw)
  return raw
}

const loopback = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/

/** Merges a partial variant into a full one, refusing values a test could only have meant by mistake. */
export function mergeVariant(base: HostVariant, patch: Partial<HostVariant>): HostVariant {
  const next = { ...base }
  for (const [name, value] of Object.entries(patch) as [keyof HostVariant, unknown][]) {
    if (value === undefined) continue
    if (!(name in specVariant)) throw new Error(`unknown variant field ${name}`)
    const sample = specVariant[name]
    if (typeof value !== typeof sample) throw new Error(`variant ${name} must be a ${typeof sample}`)
    if (typeof value === 'number' && (!Number.isFinite(value) || value < 0))
      throw new Error(`variant ${name} must be a number >= 0`)
    if ((name === 'linkHost' || name === 'movedLinkHost') && value !== '' && !loopback.test(value as string))
      throw new Error(`variant ${name} must be a loopback address (127.x.y.z) or empty`)
    if (name === 'uploadAnswer' && !(uploadAnswerShapes as readonly string[]).includes(value as string))
      throw new Error(`variant ${name} must be one of ${uploadAnswerShapes.join(', ')}`)
    if (name === 'formKeyField' && value !== 'sess_id' && value !== 'api_key')
      throw new Error(`variant ${name} must be sess_id or api_key`)
    ;(next as Record<string, unknown>)[name] = value
  }
  return next
}

/** The fields that differ from the spec's, for the faults route's answer. */
export function variantDiff(v: HostVariant): Partial<HostVariant> {
  const out: Record<string, unknown> = {}
  for (const [k, value] of Object.entries(v))
    if (specVariant[k as keyof HostVariant] !== value) out[k] = value
  return out as Partial<HostVariant>
}

/** The link host in force at `now`: '' (the API's address) until a link host is set, the moved one after the move. */
export function linkHostAt(v: HostVariant, now: number): string {
  if (v.movedLinkHost !== '' && v.linkMoveAtMs > 0 && now >= v.linkMoveAtMs) return v.movedLinkHost
  return v.linkHost
}

/** The loopback addresses a variant needs listened on (both link hosts, before and after a move). */
export function linkHostsOf(v: HostVariant): string[] {
  return [v.linkHost, v.movedLinkHost].filter((h) => h !== '')
}
