import { createLogger } from '../core/logging/log.ts'

/** The sandbox's log lines (core/logging: redacted, to the host process's log sink), each starting `sandbox:`. */
export const log = createLogger('sandbox')
