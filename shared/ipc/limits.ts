/**
 * The one concurrency range: settings, the upload engine and the CLI's --concurrency all use it. Hosts of this
 * family limit sessions per key; beyond 16 transfers at once a single link gains nothing and such hosts start
 * refusing. No imports: the CLI's `--help` and `--version` load this without zod.
 */
export const MIN_CONCURRENCY = 1
export const MAX_CONCURRENCY = 16
