import { defineMessages } from '@formatjs/intl'
import { translatedError } from '../../../shared/i18n/error-text.ts'
import type { Handlers } from '../../../shared/ipc/types.ts'
import type { updatesContract } from '../../../shared/ipc/updates-contract.ts'
import type { UpdateStatus } from '../../../shared/updates.ts'
import type { UpdatesPort } from '../../updates/update-service.ts'

type UpdateChannels = keyof typeof updatesContract

const BROWSER_HOST: UpdateStatus = { state: 'unavailable', reason: 'browser-host' }

function noUpdater(): never {
  throw translatedError({ kind: 'invalid_input' }, TEXT.browserHost)
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

const TEXT = defineMessages({
  browserHost: {
    id: 'errors.updates.browserHost',
    defaultMessage: 'The browser host does not update itself: update the copy of Filedock it runs from.',
  },
})
