import { FiledockError } from '../../../shared/errors.ts'
import type { Handlers } from '../../../shared/ipc/types.ts'
import type { updatesContract } from '../../../shared/ipc/updates-contract.ts'
import type { UpdateStatus } from '../../../shared/updates.ts'

type UpdateChannels = keyof typeof updatesContract

/** The app's updater as the contract sees it; the Electron host makes one (electron/updates/update-service.ts). */
export interface UpdatesPort {
  status(): UpdateStatus
  /** Checks now (the user asked), and answers the status once the check is done. */
  check(): Promise<UpdateStatus>
  /** Quits, installs the downloaded update and starts again; refuses when no update is ready. */
  restart(): void
  /** Stops the timers: no check starts after this. */
  stop(): void
}

const BROWSER_HOST: UpdateStatus = { state: 'unavailable', reason: 'browser-host' }

/** updates.*: the port's answers, or, in the browser host (no port), that it has no updater. */
export function updateHandlers(port: UpdatesPort | undefined): Pick<Handlers, UpdateChannels> {
  return {
    'updates.status': async () => port?.status() ?? BROWSER_HOST,
    'updates.check': async () => (port ? port.check() : BROWSER_HOST),
    'updates.restart': async () => {
      if (!port) {
        throw new FiledockError({
          kind: 'invalid_input',
          message: 'The browser host does not update itself: update the copy of Filedock it runs from.',
        })
      }
      port.restart()
      return null
    },
  }
}
