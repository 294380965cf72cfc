import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { ApiClient } from '../../core/api/client.ts'
import type { FileListItem } from '../../shared/api/types.ts'

/** Writes files (relative path → content) under dir. */
export async function writeTree(dir: string, files: Record<string, string | Buffer>): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    const path = join(dir, rel)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, content)
  }
}

export function hostClient(baseUrl: string, apiKey: string): ApiClient {
  return new ApiClient({ baseUrl, apiKey, retryPolicy: { baseDelayMs: 5, maxDelayMs: 50 } })
}

/** Every file of the account, through file/list pages. */
export async function allFiles(client: ApiClient): Promise<FileListItem[]> {
  const out: FileListItem[] = []
  for (let page = 1; ; page++) {
    const r = await client.fileList({ page, perPage: 1000 })
    out.push(...r.files)
    if (r.files.length === 0 || out.length >= r.resultsTotal) return out
  }
}

/** The folder tree under fldId as `path/` for folders and `path` for files, sorted. */
export async function treeOf(client: ApiClient, fldId: number, prefix = ''): Promise<string[]> {
  const listing = await client.folderList(fldId)
  const out = listing.files.map((f) => `${prefix}${f.name}`)
  for (const sub of listing.folders) {
    out.push(`${prefix}${sub.name}/`, ...(await treeOf(client, sub.fldId, `${prefix}${sub.name}/`)))
  }
  return out.sort()
}
