import { parentPort, workerData } from 'node:worker_threads'
import type { WriterInit, WriterReply, WriterRequest } from './folder-writer.ts'
import { type FolderSnapshot, type IndexedFile, IndexWrites } from './index-writes.ts'
import { openIndexConnection } from './open-index-db.ts'

/** The folder writer's thread (see folder-writer.ts): one connection, one replacement per job. */
const init = workerData as WriterInit
const port = parentPort
if (port === null) throw new Error('folder-writer-thread runs as a worker thread')
const writes = new IndexWrites(openIndexConnection(init.file, init.nativeBinding))
const jobs = new Map<
  number,
  { acct: number; fldId: number; before: FolderSnapshot; files: Map<string, IndexedFile> }
>()

port.on('message', (m: WriterRequest) => {
  try {
    if (m.type === 'begin') {
      jobs.set(m.job, {
        acct: m.acct,
        fldId: m.fldId,
        before: writes.contentsOf(m.acct, m.fldId),
        files: new Map(),
      })
      reply({ job: m.job, ok: true, changed: false })
    } else if (m.type === 'files') {
      // A code seen twice (pages that shift while they are read) is one file: the last record wins.
      const job = jobs.get(m.job)
      for (const f of m.files) job?.files.set(f.fileCode, f)
    } else if (m.type === 'commit') {
      const job = jobs.get(m.job)
      jobs.delete(m.job)
      if (job === undefined) throw new Error(`no folder replacement ${m.job}`)
      const changed = writes.replaceFolder(
        job.acct,
        job.fldId,
        m.folders,
        [...job.files.values()],
        job.before,
        m.keep,
      )
      reply({ job: m.job, ok: true, changed })
    } else {
      jobs.delete(m.job)
    }
  } catch (error) {
    jobs.delete(m.job)
    reply({ job: m.job, ok: false, error: error instanceof Error ? error.message : String(error) })
  }
})

function reply(r: WriterReply): void {
  port?.postMessage(r)
}
