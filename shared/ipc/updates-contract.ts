import { z } from 'zod'
import type { UpdateStatus } from '../updates.ts'
import { defineChannel } from './define-channel.ts'

/** The app's updates (Electron; the browser host answers that it has none). Spread into contract.ts. */
export const updatesContract = {
  'updates.status': defineChannel<UpdateStatus>()(z.strictObject({})),
  /**
   * Checks the feed now, also when automatic checks are off (the user asked); a newer version starts
   * downloading in the background. Answers the status once the check is done.
   */
  'updates.check': defineChannel<UpdateStatus>()(z.strictObject({})),
  /** "On quit": the downloaded update installs when Filedock quits (and not before the person said so). */
  'updates.installOnQuit': defineChannel<UpdateStatus>()(z.strictObject({})),
  /** "Restart now": quits (asking first if uploads run, as any quit does), installs and starts the new version. */
  'updates.restart': defineChannel<null>()(z.strictObject({})),
} as const
