import { defineMessage } from '@formatjs/intl'
import type { UploadServer } from '../../shared/api/types.ts'
import { FiledockError } from '../../shared/errors.ts'
import { findLost, takeSnapshot } from './dedup.ts'
import { permanentText } from './failures.ts'
import type { ItemContext, Landing } from './item-context.ts'
import { checkSource } from './source-check.ts'
import { verifyLanding } from './verify.ts'

/**
 * One attempt at one local file: mirrored folder → already there? (then done, nothing sent) → (lost-attempt
 * check) → upload → record the code → verify it is in the account → file/set_folder. Each step is safe to repeat after a crash at any point:
 *  - `sending` is durable before the POST starts, so a restart knows an upload may have landed and looks for it
 *    (dedup.ts) instead of sending again;
 *  - the file code is durable as soon as the answer arrives, so a restart after it only verifies and moves;
 *  - folder creation lists first (folder-mirror.ts), and set_folder to the same folder is idempotent.
 * Throws on failure; the engine decides between retry, pause and fail (failures.ts).
 */
export async function runFileAttempt(ctx: ItemContext): Promise<Landing> {
  const { item, store, client, signal } = ctx
  const size = item.size as number
  if (item.fileCode === null) await checkSource(item)
  ctx.setPhase('folders')
  let target = item.targetFldId
  if (target === null || item.fileCode === null) {
    target = await ctx.mirror.ensure(item.accountId, client, item.baseFldId, item.relDir)
    if (target !== item.targetFldId) await store.patch(item, { targetFldId: target }, false)
  }
  const folders = [0, target]

  if (item.fileCode === null && !item.sending && item.uploadAgain !== true) {
    // rclone's `copy`: a file of this name and size in the folder is the same file; its code is the result.
    ctx.setPhase('checking')
    const existing = await ctx.alreadyThere(target)
    if (existing !== null) {
      ctx.resolved()
      return { fileCode: existing, fldId: target, size, name: item.name, alreadyThere: true }
    }
  }
  if (item.fileCode === null && item.sending) {
    // The last send's outcome is unknown (crash, cut answer): the file may be on the host already.
    ctx.setPhase('checking')
    await resolveLost(ctx, folders)
  }
  if (item.fileCode === null) {
    // The upload session is asked for while the snapshot is listed: two round trips at once rather than one
    // after the other before the first byte. (A session fetched for an attempt that then fails is not lost: the
    // sessions are shared and reused, see sessions.ts.)
    const server = ctx.sessions.get(item.accountId, client)
    server.catch(() => undefined)
    if (item.snapshot === null) {
      ctx.setPhase('checking')
      item.snapshot = await takeSnapshot(client, item.name, size, folders, signal)
    }
    await checkSource(item)
    await upload(ctx, folders, server)
  }
  const fileCode = item.fileCode as unknown as string
  await checkSource(item, { fileCode })

  ctx.setPhase('verifying')
  await verifyLanding(ctx, fileCode, size)
  // Noted as in its folder before it is moved there, and only then the name goes: a same-named item that was
  // waiting for it finds it already there instead of sending it again.
  ctx.landed(target, fileCode)
  ctx.resolved()
  if (target !== 0) {
    ctx.setPhase('moving')
    try {
      await client.fileSetFolder(fileCode, target, { signal })
    } catch (err) {
      // The folder was deleted behind our back: find or create it again on the next attempt.
      if (err instanceof FiledockError && err.kind === 'not_found') {
        ctx.mirror.forget(item.accountId)
        await store.patch(item, { targetFldId: null }, false)
      }
      throw err
    }
  }
  return { fileCode, fldId: target, size, name: item.name }
}

async function upload(ctx: ItemContext, folders: number[], session: Promise<UploadServer>): Promise<void> {
  const { item, store, client, signal } = ctx
  ctx.setPhase('uploading')
  const server = await session
  // Durable before the first byte: from here on a crash means "may be on the host".
  await store.patch(item, { snapshot: item.snapshot, sending: true }, true)
  ctx.progress.update(item.id, 0, item.size as number, 'up')
  let fileCode: string
  let sentSize: number
  try {
    const r = await client.uploadFile(server, item.source, {
      fileName: item.name,
      signal,
      onProgress: (p) => ctx.progress.update(item.id, p.bytesSent, p.totalBytes, 'up'),
      throttle: ctx.bucket,
    })
    fileCode = r.fileCode
    sentSize = r.size
  } catch (err) {
    noteSessionTrouble(ctx, server, err)
    // Our own pause or cancel: the outcome stays unknown and is checked when the item runs again.
    if (signal.aborted) throw err
    // A cut answer or a dropped connection may hide a stored file: look now, before anything else is sent.
    const found = await resolveLost(ctx, folders).catch(() => false)
    if (!found) throw err
    return
  }
  // Not fsync'd: a power cut that loses this line leaves `sending` set, and the restart's lost-attempt check
  // finds the file by name and size (in the root, or the target if it was moved). A kill -9 loses nothing.
  await store.patch(item, { fileCode, sending: false }, false)
  if (sentSize !== item.size) {
    throw permanentText(SENT_SIZE_DIFFERS, {
      path: item.source,
      sent: sentSize,
      queued: String(item.size),
      fileCode,
    })
  }
}

/** Looks for the file a lost attempt stored; records it (true) or records that there is none (false). */
async function resolveLost(ctx: ItemContext, folders: number[]): Promise<boolean> {
  const { item, store, client, signal } = ctx
  const lost = await findLost(client, item.name, item.size, folders, item.snapshot ?? [], ctx.claimed, signal)
  if (lost) {
    await store.patch(item, { fileCode: lost.fileCode, sending: false }, true)
    return true
  }
  await store.patch(item, { sending: false }, true)
  return false
}

function noteSessionTrouble(ctx: ItemContext, server: UploadServer, err: unknown): void {
  // "Invalid sess_id" / "Upload session expired" (not_found), or a session the server no longer likes.
  if (err instanceof FiledockError && (err.kind === 'not_found' || err.kind === 'auth')) {
    ctx.sessions.drop(ctx.item.accountId, server)
  }
}

const SENT_SIZE_DIFFERS = defineMessage({
  id: 'errors.queue.sentSizeDiffers',
  defaultMessage:
    '{path} changed after it was queued ({sent} bytes were sent, {queued} were queued). The host holds that copy (file code {fileCode}); queue the file again.',
})
