import { parentPort, workerData } from 'node:worker_threads'
import type { WriterInit, WriterMessage, WriterReply } from './index-writer.ts'
import { openIndexConnection, readyIndexFile } from './open-index-db.ts'
import { WriterJobs } from './writer-jobs.ts'

/**
 * The index's writer thread (see index-writer.ts): one connection, the jobs in the order they come. The first
 * thread readies the file before it takes any job (readyIndexFile: checked, brought up to date), telling main when
 * an upgrade begins and when the file is ready; the jobs posted meanwhile wait in the port. A thread started again
 * after one stopped only connects: the file was readied this run, and its removals must not be forgotten.
 */
const init = workerData as WriterInit
const port = parentPort
if (port === null) throw new Error('index-writer-thread runs as a worker thread')
const db = init.ready ? readied(port) : openIndexConnection(init.file, init.nativeBinding)
const jobs = new WriterJobs(db)

port.on('message', (m: WriterMessage) => {
  if ('close' in m) {
    db.close()
    reply({ id: m.id, ok: true, value: null })
    port.close()
    return
  }
  try {
    const value = jobs.run(m.job)
    if (m.id !== 0) reply({ id: m.id, ok: true, value })
  } catch (error) {
    jobs.failed(m.job)
    if (m.id !== 0)
      reply({ id: m.id, ok: false, error: error instanceof Error ? error.message : String(error) })
  }
})

function readied(p: NonNullable<typeof parentPort>) {
  const { db, rebuilt, lastSeq } = readyIndexFile(init.file, init.nativeBinding, (fromVersion) =>
    p.postMessage({ upgrading: fromVersion } satisfies WriterReply),
  )
  p.postMessage({ readied: { rebuilt, lastSeq } } satisfies WriterReply)
  return db
}

function reply(r: WriterReply): void {
  port?.postMessage(r)
}
