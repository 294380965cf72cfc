import { z } from 'zod'

/**
 * What the app's updater is doing, as the window shows it (Settings → Updates, and the "ready" prompt). Main owns
 * the state (core/updates/update-service.ts); the browser host has no updater and says why.
 */
const version = z.string().min(1).max(100)

export const updateStatusSchema = z.discriminatedUnion('state', [
  /**
   * This copy cannot update itself: a development run (`npm start`), an app not installed by one of Filedock's
   * updatable installers (an unpacked folder), or the browser host (it runs from a checkout).
   */
  z.strictObject({
    state: z.literal('unavailable'),
    reason: z.enum(['development', 'no-installer', 'browser-host']),
  }),
  /**
   * The portable Windows build: it never checks (it is replaced by hand, like any file on a stick) and keeps its
   * data in `dataDir`, beside the executable.
   */
  z.strictObject({ state: z.literal('portable'), dataDir: z.string().min(1).max(4096) }),
  /**
   * Up to date as far as known: the last check's time (ms since 1970), null before the first. Whether checks
   * run by themselves is the user's setting (checkForUpdates).
   */
  z.strictObject({ state: z.literal('idle'), checkedAt: z.number().int().min(0).nullable() }),
  z.strictObject({ state: z.literal('checking') }),
  /** A newer version is being downloaded in the background; `percent` 0 to 100. */
  z.strictObject({ state: z.literal('downloading'), version, percent: z.number().int().min(0).max(100) }),
  /**
   * Downloaded and its sha512 checked against the feed's. Nothing installs before the person answers the prompt
   * ("Filedock X.Y.Z is ready: Restart now / On quit"): `installOnQuit` false until "On quit" is chosen.
   */
  z.strictObject({ state: z.literal('ready'), version, installOnQuit: z.boolean() }),
  /**
   * The last check or download failed, in words for the user; the next try is at `retryAt` (ms since 1970), or
   * null when checks are off (the failed one was asked for).
   */
  z.strictObject({
    state: z.literal('error'),
    message: z.string().min(1).max(500),
    retryAt: z.number().int().min(0).nullable(),
  }),
])

export type UpdateStatus = z.infer<typeof updateStatusSchema>
