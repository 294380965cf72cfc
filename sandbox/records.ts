import type { Ctx } from './context.ts'
import { uploadedText } from './envelope.ts'
import type { FileRec } from './model.ts'
import { thumbnailOf } from './routes/thumbnails.ts'

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
    link: `${ctx.baseUrl}/${rec.code}/${encodeURIComponent(rec.name)}.html`,
    fld_id: rec.fld,
    uploaded: uploadedText(rec),
  })
  return rec.listJson
}

export function folderRecordJson(ctx: Ctx, rec: FileRec): string {
  rec.folderJson ??= JSON.stringify({
    fld_id: rec.fld,
    link: `${ctx.baseUrl}/${rec.code}`,
    file_code: rec.code,
    uploaded: uploadedText(rec),
    name: rec.name,
  })
  return rec.folderJson
}
