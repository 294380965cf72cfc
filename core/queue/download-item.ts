import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { defineMessage } from '@formatjs/intl'
import type { FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { type DownloadedFile, downloadFile } from '../download/download-file.ts'
import { lockPart, partPathOf } from '../download/work-files.ts'
import type { ItemContext } from './item-context.ts'
import type { DownloadFacts, ItemRecord } from './records.ts'

/**
 * One attempt at one download: core/download's downloadFile (the work file's lock held from before the first byte
 * until the file has its name; already here? → a fresh direct link → bytes into the work file from where it ends,
 * with Range → the file put in place under the conflict policy). Phases: linking (a direct link is being asked
 * for, also when one expired mid-file), downloading, finishing.
 *
 * What the queue adds around it:
 * - the link is asked for with the attempt's signal, each time fetchPart needs one, never kept past the attempt;
 * - direct_link's size wins over the planned one: the record and the queue's counts follow it (ctx.resize);
 * - the validator of an answer is journalled before it leaves bytes in the work file short of the whole file, so a
 *   resume after a restart sends If-Range with it (a file whose body came in one chunk needs none: no line);
 * - a restart from 0 (the host ignored Range, or the file changed) is on the item as soon as it happens;
 * - an attempt that moved bytes forward before failing starts the count of failures again: a flaky connection
 *   that keeps delivering is not a failing download (each attempt continues from the work file).
 * Throws on failure; the engine decides between retry, wait, pause and fail (failures.ts).
 */
export async function runDownloadAttempt(ctx: ItemContext): Promise<DownloadedFile> {
  const { item, client, store, signal } = ctx
  const facts = factsOf(item)
  const fileCode = fileCodeOf(item)
  let first: number | null = null
  let last = 0
  ctx.setPhase('linking')
  try {
    return await downloadFile({
      dir: folderOf(item),
      localName: facts.localName,
      fileCode,
      size: item.size ?? 0,
      link: async () => {
        ctx.setPhase('linking')
        const link = await client.directLink(fileCode, { signal })
        if (link.size !== item.size) await ctx.resize(link.size)
        ctx.setPhase('downloading')
        return link
      },
      server: client,
      bucket: ctx.bucket,
      onProgress: (done, total) => {
        first ??= done
        last = done
        ctx.progress.update(item.id, done, total, 'down')
      },
      signal,
      validator: facts.validator ?? null,
      onValidator: (validator) =>
        // Not fsynced: a kill -9 keeps it (the kernel has the line); an OS crash may take it, and with it bytes of
        // the work file the same sync policy had not flushed yet.
        store.patch(item, { download: { ...factsOf(item), validator } }, false),
      onRestart: async (why) => {
        first = 0
        await store.patch(item, { download: { ...factsOf(item), restarted: why } }, false)
        ctx.changed()
      },
      onConflict: facts.onConflict,
      onPhase: (phase) => {
        if (phase === 'finishing') ctx.setPhase('finishing')
      },
    })
  } catch (err) {
    if (first !== null && last > first && item.attempts > 0) await store.patch(item, { attempts: 0 }, false)
    throw err
  }
}

/** The folder a download's file goes into: the batch's folder and the mirrored folders under it. */
export function folderOf(item: ItemRecord): string {
  return join(factsOf(item).dir, ...item.relDir)
}

/**
 * A cancelled download's work file is removed: cancel means "I do not want this file", and its bytes would
 * otherwise lie hidden in the user's folder. (Pause and a failure keep them: Resume and Retry continue from
 * there.) Left alone while another process (or another download of this one) writes it: that one owns it.
 */
export async function discardPart(item: ItemRecord): Promise<void> {
  const facts = factsOf(item)
  const dir = folderOf(item)
  const part = partOf(item)
  let release: () => Promise<void>
  try {
    release = await lockPart(part, facts.localName, dir)
  } catch {
    return
  }
  try {
    await unlink(part).catch(() => {})
  } finally {
    await release()
  }
}

/** The download's work file (core/download/work-files.ts). */
export function partOf(item: ItemRecord): string {
  return partPathOf(folderOf(item), factsOf(item).localName, fileCodeOf(item))
}

export function factsOf(item: ItemRecord): DownloadFacts {
  if (item.download === undefined) throw broken(item, 'facts')
  return item.download
}

function fileCodeOf(item: ItemRecord): string {
  if (item.fileCode === null) throw broken(item, 'code')
  return item.fileCode
}

function broken(item: ItemRecord, missing: 'facts' | 'code'): FiledockError {
  return translatedError({ kind: 'internal' }, BROKEN, { id: item.id, missing })
}

const BROKEN = defineMessage({
  id: 'errors.queue.brokenDownload',
  defaultMessage:
    'The download {id} {missing, select, facts {has no download facts} other {has no file code}} in the queue journal.',
})
