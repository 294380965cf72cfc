import { FiledockError } from '../../../shared/errors.ts'
import type { Handlers } from '../../../shared/ipc/types.ts'
import type { updatesContract } from '../../../shared/ipc/updates-contract.ts'
import type { UpdateStatus } from '../../../shared/updates.ts'
import type { UpdatesPort } from '../../updates/update-service.ts'

type UpdateChannels = keyof typeof updatesContract

const BROWSER_HOST: UpdateStatus = { state: 'unavailable', reason: 'browser-host' }

function noUpdater(): never {
  throw new FiledockError({
    kind: 'invalid_input',
    message: 'The browser host does not update itself: update the copy of Filedock it runs from.',
  })
}

/** updates.*: the port's answers, or, in the browser host (no port), that it has no updater. */
export function updateHandlers(port: UpdatesPort | undefined): Pick<Handlers, UpdateChannels> {
  return {
    'updates.status': async () => port?.status() ?? BROWSER_HOST,
    'updates.check': async () => (port ? port.check() : BROWSER_HOST),
    'updates.installOnQuit': async () => (port ? port.installOnQuit() : noUpdater()),
    'updates.restart': async () => {
      if (!port) noUpdater()
      port.restart()
      return null
    },
  }
}
