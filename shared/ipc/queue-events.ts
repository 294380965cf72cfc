import { z } from 'zod'
import { errorKinds } from '../errors.ts'
import { linkFormats } from '../links.ts'
import type { QueueEvent } from '../queue.ts'

/**
 * Schemas of the upload queue's events (shared/queue.ts) and of the app's own upload events, for the browser
 * host's socket client, which parses every pushed event. Objects are not strict: a field the engine adds later
 * is dropped (the renderer does not know it yet) instead of the whole event. contract.test.ts checks at compile
 * time that every QueueEvent the engine can emit fits these schemas.
 */
const id = z.string().min(1).max(200)
const count = z.number().int().min(0)
const bytes = z.number().min(0)
const time = z.number()

const errorData = z.object({
  kind: z.enum(errorKinds),
  message: z.string(),
  retryAfterMs: z.number().optional(),
  operation: z.string().optional(),
  status: z.number().optional(),
})

const itemState = z.enum([
  'queued',
  'running',
  'retrying',
  'pending',
  'paused',
  'done',
  'failed',
  'cancelled',
])
const itemPhase = z.enum([
  'folders',
  'checking',
  'uploading',
  'verifying',
  'moving',
  'requesting',
  'fetching',
])

const itemView = z.object({
  id,
  batchId: id,
  kind: z.enum(['file', 'folder', 'url']),
  accountId: id,
  name: z.string(),
  relPath: z.string(),
  source: z.string(),
  fldId: count,
  targetFldId: count.nullable(),
  size: bytes.nullable(),
  state: itemState,
  phase: itemPhase.nullable(),
  attempts: count,
  bytesSent: bytes,
  nextAttemptAt: time.nullable(),
  fileCode: z.string().nullable(),
  pageLink: z.string().nullable(),
  error: errorData.nullable(),
  addedAt: time,
  finishedAt: time.nullable(),
})

export const queueTotalsSchema = z.object({
  items: count,
  queued: count,
  running: count,
  retrying: count,
  pending: count,
  paused: count,
  done: count,
  failed: count,
  cancelled: count,
  totalBytes: bytes,
  doneBytes: bytes,
  bytesPerSec: bytes,
  etaSec: z.number().nullable(),
})

const pauseReason = z.enum(['user', 'auth', 'offline'])

const historyEntry = z.object({
  id: z.string(),
  finishedAt: z.string(),
  accountId: z.string(),
  accountLabel: z.string(),
  baseUrl: z.string(),
  name: z.string(),
  size: bytes,
  fldId: count,
  folderPath: z.string(),
  fileCode: z.string(),
  pageLink: z.string(),
  batchId: z.string(),
  relPath: z.string(),
})

export const queueEventSchemas = [
  z.object({ type: z.literal('queue.added'), batchId: id, items: z.array(itemView) }),
  z.object({ type: z.literal('queue.item'), item: itemView }),
  z.object({ type: z.literal('queue.removed'), ids: z.array(id) }),
  z.object({
    type: z.literal('queue.progress'),
    items: z.array(
      z.object({
        id,
        bytesSent: bytes,
        totalBytes: bytes,
        bytesPerSec: bytes,
        etaSec: z.number().nullable(),
      }),
    ),
    totals: queueTotalsSchema,
  }),
  z.object({
    type: z.literal('queue.paused'),
    pause: z.object({
      reason: pauseReason,
      message: z.string(),
      accountId: id.optional(),
      since: time,
    }),
  }),
  z.object({ type: z.literal('queue.resumed'), reason: pauseReason }),
  z.object({
    type: z.literal('queue.settings'),
    concurrency: count,
    bandwidthBytesPerSec: bytes.nullable(),
  }),
  z.object({
    type: z.literal('batch.finished'),
    batchId: id,
    kind: z.enum(['paths', 'urls']),
    entries: z.array(historyEntry),
    groups: z.array(
      z.object({
        accountId: id,
        accountLabel: z.string(),
        baseUrl: z.string(),
        entries: z.array(historyEntry),
      }),
    ),
    failed: count,
    cancelled: count,
  }),
] as const

/**
 * The link pack of a finished batch in the user's format, made by main once the batch finished (direct links
 * fetched when that is the format). `copied`: main already put it on the clipboard (Electron); when auto-copy is
 * on and this is false, the renderer copies it (the browser host, where the page owns the clipboard).
 */
export interface LinksReadyEvent {
  type: 'links.ready'
  batchId: string
  format: (typeof linkFormats)[number]
  text: string
  files: number
  failed: number
  copied: boolean
}

/** Upload settings changed (settings.update, queue limits): refetch settings.get. */
export interface SettingsChangedEvent {
  type: 'settings.changed'
}

export const uploadEventSchemas = [
  z.strictObject({
    type: z.literal('links.ready'),
    batchId: id,
    format: z.enum(linkFormats),
    text: z.string(),
    files: count,
    failed: count,
    copied: z.boolean(),
  }),
  z.strictObject({ type: z.literal('settings.changed') }),
] as const

export type UploadAppEvent = QueueEvent | LinksReadyEvent | SettingsChangedEvent
