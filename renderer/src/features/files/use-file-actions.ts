import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query'
import type { FileList, FileListItem } from '../../../../shared/api/types.ts'
import { MAX_BATCH } from '../../../../shared/ipc/contract.ts'
import { api } from '../../app/bridge.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { copyText } from '../../lib/clipboard.ts'
import { formatCount, formatNumber } from '../../lib/format.ts'
import { firstFailure, mapLimit } from '../../lib/map-limit.ts'
import { openExternal } from '../../lib/open-external.ts'
import { keys } from '../../lib/query-keys.ts'
import { toast } from '../../state/toast-store.ts'

const PARALLEL = 6

type Lists = InfiniteData<FileList, number>

/** Everything one can do to files, as callbacks for the context menu, the keyboard and the dialogs. */
export function useFileActions(accountId: string) {
  const qc = useQueryClient()
  const invalidateFiles = () => qc.invalidateQueries({ queryKey: keys.files(accountId) })

  const rename = useMutation({
    mutationFn: (v: { fileCode: string; name: string }) =>
      call(api.files.rename({ accountId, fileCode: v.fileCode, name: v.name })),
    // Optimistic: the new name shows at once in every cached list; on failure the snapshot comes back.
    onMutate: async ({ fileCode, name }) => {
      await qc.cancelQueries({ queryKey: keys.files(accountId) })
      const before = qc.getQueriesData<Lists>({ queryKey: keys.files(accountId) })
      qc.setQueriesData<Lists>({ queryKey: keys.files(accountId) }, (data) =>
        data ? renameIn(data, fileCode, name) : data,
      )
      return { before }
    },
    onError: (_e, _v, ctx) => {
      for (const [key, data] of ctx?.before ?? []) qc.setQueryData(key, data)
    },
    onSuccess: (_r, v) => toast.success(`Renamed to “${v.name}”`),
    onSettled: invalidateFiles,
  })

  const clone = useMutation({
    mutationFn: async (codes: readonly string[]) => {
      const results = await mapLimit(codes, PARALLEL, (fileCode) =>
        call(api.files.clone({ accountId, fileCode })),
      )
      return { done: results.filter((r) => r.status === 'fulfilled').length, failure: firstFailure(results) }
    },
    onSuccess: ({ done, failure }) => {
      if (done > 0) toast.success(`Cloned ${formatCount(done, 'file')}`)
      if (failure !== undefined) toast.error(`Some files were not cloned: ${errorMessage(failure)}`)
    },
    onSettled: invalidateFiles,
  })

  const move = useMutation({
    // The contract takes up to MAX_BATCH codes per call and reports per-file outcomes.
    mutationFn: async (v: { codes: readonly string[]; fldId: number; folderName: string }) => {
      const chunks: string[][] = []
      for (let i = 0; i < v.codes.length; i += MAX_BATCH) chunks.push(v.codes.slice(i, i + MAX_BATCH))
      const outcomes = await mapLimit(chunks, 2, (fileCodes) =>
        call(api.files.move({ accountId, fileCodes, fldId: v.fldId })),
      )
      let done = 0
      let failure: unknown
      for (const o of outcomes) {
        if (o.status === 'rejected') failure ??= o.reason
        else {
          done += o.value.moved.length
          failure ??= o.value.failed[0]?.error
        }
      }
      return { done, failure }
    },
    onSuccess: ({ done, failure }, v) => {
      if (done > 0) toast.success(`Moved ${formatCount(done, 'file')} to ${v.folderName}`)
      if (failure !== undefined) toast.error(`Some files were not moved: ${errorMessage(failure)}`)
    },
    onSettled: invalidateFiles,
  })

  async function copyLinks(files: readonly FileListItem[]): Promise<void> {
    if (files.length === 0) return
    try {
      await copyText(files.map((f) => f.link).join('\n'))
      toast.success(files.length === 1 ? 'Copied link' : `Copied ${formatNumber(files.length)} links`)
    } catch (error) {
      toast.error(`Could not copy: ${errorMessage(error)}`)
    }
  }

  async function copyDirectLinks(files: readonly FileListItem[]): Promise<void> {
    if (files.length === 0) return
    const results = await mapLimit(files, PARALLEL, (f) =>
      call(api.files.directLink({ accountId, fileCode: f.fileCode })),
    )
    const urls = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.url] : []))
    const failure = firstFailure(results)
    if (urls.length === 0) {
      toast.error(`No direct links: ${errorMessage(failure)}`)
      return
    }
    try {
      await copyText(urls.join('\n'))
      toast.success(
        urls.length === 1 ? 'Copied direct link' : `Copied ${formatNumber(urls.length)} direct links`,
      )
      if (failure !== undefined) toast.error(`${files.length - urls.length} failed: ${errorMessage(failure)}`)
    } catch (error) {
      toast.error(`Could not copy: ${errorMessage(error)}`)
    }
  }

  function openPages(files: readonly FileListItem[]): void {
    // A browser blocks all but the first window.open per gesture, so many files open only the first.
    const first = files[0]
    if (first && !openExternal(first.link)) toast.error('This file has no web page link')
  }

  return { rename, clone, move, copyLinks, copyDirectLinks, openPages }
}

export type FileActions = ReturnType<typeof useFileActions>

function renameIn(data: Lists, fileCode: string, name: string): Lists {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      files: page.files.map((f) => (f.fileCode === fileCode ? { ...f, name } : f)),
    })),
  }
}
