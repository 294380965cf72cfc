import type { Ctx } from './context.ts'
import { uploadedText } from './envelope.ts'
import type { FileRec } from './model.ts'
import { thumbnailOf } from './routes/thumbnails.ts'
import { linkHostAt } from './variants.ts'

/**
 * Where the host's links point now: its own address, or the variant's link host on the same port (variants.ts).
 */
export function linkBase(ctx: Ctx, now = Date.now()): string {
  const host = linkHostAt(ctx.variant, now)
  return host === '' ? ctx.baseUrl : `http://${host}:${new URL(ctx.baseUrl).port}`
}

/**
 * Call once per list answer before listRecordJson/folderRecordJson: when the link base has moved since the
 * records were cached, the caches go, so no answer mixes the old domain with the new.
 */
export function syncLinkBase(ctx: Ctx): void {
  const base = linkBase(ctx)
  if (base === ctx.recordsLinkBase) return
  for (const rec of ctx.store.files.values()) {
    rec.listJson = null
    rec.folderJson = null
  }
  ctx.recordsLinkBase = base
}

/**
 * The per-file JSON of the two list answers, serialised once and cached on the record until the store voids it:
 * at 100k files, building and formatting thousands of records per request was the cost of a list, not finding
 * them. Field order follows the spec's tables.
 */

export function listRecordJson(ctx: Ctx, rec: FileRec): string {
  rec.listJson ??= JSON.stringify({
    name: rec.name,
    file_code: rec.code,
    downloads: rec.downloads,
    thumbnail: thumbnailOf(ctx, rec),
    public: rec.public,
    size: rec.size,
    link: `${ctx.recordsLinkBase}/${rec.code}/${encodeURIComponent(rec.name)}.html`,
    fld_id: rec.fld,
    uploaded: uploadedText(rec),
  })
  return rec.listJson
}

export function folderRecordJson(ctx: Ctx, rec: FileRec): string {
  rec.folderJson ??= JSON.stringify({
    fld_id: rec.fld,
    link: `${ctx.recordsLinkBase}/${rec.code}`,
    file_code: rec.code,
    uploaded: uploadedText(rec),
    name: rec.name,
  })
  return rec.folderJson
}
