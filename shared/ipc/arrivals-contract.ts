import { z } from 'zod'
import type { Arrival } from '../arrivals.ts'
import { defineChannel } from './define-channel.ts'

/**
 * Paths handed to Filedock from outside its window (shared/arrivals.ts), waiting for the person's answer. The
 * answer "upload" is an ordinary queue.enqueuePaths of the arrival's paths to the folder the window shows; either
 * answer then dismisses the arrival.
 */
export const arrivalsContract = {
  'arrivals.list': defineChannel<Arrival[]>()(z.strictObject({})),
  'arrivals.dismiss': defineChannel<null>()(z.strictObject({ id: z.string().uuid() })),
}
