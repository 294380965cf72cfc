/**
 * The contract's numbers the window needs as values, kept apart from its schemas (which take them from here): the
 * window imports no zod, which main's parsing alone needs (the renderer is untrusted; main validates every call).
 * No imports: the CLI's `--help` and `--version` load this without zod too.
 */

/**
 * The one concurrency range: settings, the upload engine and the CLI's --concurrency all use it. Hosts of this
 * family limit sessions per key; beyond 16 transfers at once a single link gains nothing and such hosts start
 * refusing.
 */
export const MIN_CONCURRENCY = 1
export const MAX_CONCURRENCY = 16

/**
 * The engine refuses less than 1,000 bytes a second: such a limit would stall every upload. 1 KB/s, the smallest
 * limit a person can type in the decimal units (1 KiB/s in binary is above it), so "1" is never refused.
 */
export const MIN_BANDWIDTH = 1000
/** 10 GiB/s: beyond any link; anything larger is a typo, not a limit. */
export const MAX_BANDWIDTH = 10 * 1024 ** 3

/** A remote upload's fetch time limit: a day at most, a host slower than that is not fetching. */
export const MAX_REMOTE_TIMEOUT_MIN = 1440

/** The re-crawl intervals offered (hours): the default 6 keeps a large account at a few crawls a day. */
export const RECRAWL_HOURS = [1, 3, 6, 12, 24] as const

/** Upper bound on lists the renderer may send in one call (file selections, URLs to check). */
export const MAX_BATCH = 100
/** The longest statistics range asked for: a year, the most hosts of this family keep (the spec shows none). */
export const MAX_STATS_DAYS = 365

/** 255 is the file name limit of common file systems (a host name becomes a download's file name on disk). */
export const MAX_NAME_LENGTH = 255

/** Rows per index window: a screenful or two, with overscan. */
export const MAX_WINDOW = 1000
/** Explicit selections (lists of codes) per call; larger ones are sent as the query they came from. */
export const MAX_SELECTION_ITEMS = 10_000

/**
 * The most bytes one preview read returns. Base64 makes them 4/3 as long, and the browser host's frames stop at
 * 1 MiB (socket-protocol.ts): 640 KiB is 853 KiB of text with room for the rest of the answer.
 */
export const PREVIEW_CHUNK_BYTES = 640 * 1024

/** Most history entries a link pack may name. */
export const MAX_PACK_ENTRIES = 1000
/** Most history entries one health lookup or one on-demand check may name (a page of the history view). */
export const MAX_HEALTH_IDS = 1000

/** A watch rule's default wait for a file to stop changing before it is sent, and the longest wait allowed. */
export const DEFAULT_MIN_AGE_MS = 5000
export const MAX_MIN_AGE_MS = 24 * 3600 * 1000

/** Files one drag may carry (a larger selection is a job for Download…). */
export const MAX_DRAG_FILES = 100
