// A worker thread started from the TypeScript sources (the browser host and the tests run under tsx). Node 20
// does not apply the parent's --import hooks to a worker's entry, so this registers tsx and then loads the
// entry workerData names. Built apps start their bundled thread script instead (index-writer.ts).
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.sourceEntry)
