import { defineMessages } from 'react-intl'
import type { Result } from '../../../../shared/result.ts'
import { api } from '../../app/bridge.ts'
import { descriptors } from '../../i18n/descriptors.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { toast } from '../../state/toast-store.ts'

const m = descriptors(
  defineMessages({
    noFailed: { id: 'upload.actions.noFailed', defaultMessage: 'No failed transfers to retry' },
    retrying: {
      id: 'upload.actions.retrying',
      defaultMessage: '{count, plural, one {Retrying # transfer} other {Retrying # transfers}}',
    },
  }),
)

/**
 * Queue controls as plain functions (no server cache to update: the queue's own events bring the new state).
 * A refusal is a toast in the host's words.
 */
async function run<T>(what: Promise<Result<T>>): Promise<T | undefined> {
  try {
    return await call(what)
  } catch (error) {
    toast.error(() => errorMessage(error))
    return undefined
  }
}

export const queueActions = {
  /** Transfers already running (both directions) finish; none start until resumed. */
  pauseAll: () => run(api.queue.pause({})),
  /** Running uploads are interrupted too; they start again from the beginning on resume. */
  stopNow: () => run(api.queue.pause({ stopNow: true })),
  resumeAll: () => run(api.queue.resume({})),
  pause: (itemId: string) => run(api.queue.pause({ itemId })),
  resume: (itemId: string) => run(api.queue.resume({ itemId })),
  cancel: (itemId: string) => run(api.queue.cancel({ itemId })),
  retry: (itemId: string) => run(api.queue.retryFailed({ itemIds: [itemId] })),
  retryFailed: async () => {
    const n = await run(api.queue.retryFailed({}))
    if (n === 0) toast.refuse((intl) => intl.formatMessage(m.noFailed))
    else if (n !== undefined) toast.info((intl) => intl.formatMessage(m.retrying, { count: n }))
  },
  clearFinished: () => run(api.queue.clearFinished()),
  setConcurrency: (n: number) => run(api.queue.setConcurrency({ n })),
  setBandwidth: (bytesPerSec: number | null, direction: 'up' | 'down' = 'up') =>
    run(api.queue.setBandwidthLimit({ bytesPerSec, direction })),
}
