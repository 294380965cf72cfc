/**
 * Files and folders handed to Filedock from outside its window: Open with, Send to, a second launch with paths,
 * macOS' open-file. They are never uploaded on arrival: the window shows them (what, how much, and where they
 * would go) and they are sent only when the person says so.
 */
export interface Arrival {
  id: string
  paths: string[]
  /** The top-level names, for people ("report.pdf", "Photos"). */
  names: string[]
  /** Files found in them, and their bytes (as a drop of them would count). */
  files: number
  bytes: number
  /** Why part or all of it could not be sent (missing, unreadable, too many files), for people; null if none. */
  problem: string | null
}
