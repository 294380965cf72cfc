import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { defineMessage } from '@formatjs/intl'
import { FiledockError } from '../../shared/errors.ts'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { shortenName } from '../../shared/local-names.ts'
import { DOWNLOAD_OPERATION } from '../api/file-server.ts'
import { acquirePidLock, holderValues } from '../durable/pid-lock.ts'

/**
 * A download's work files, in its target folder (the same file system, so the final rename is atomic):
 * `.<name>.<code>.filedock-part` holds the bytes so far (hidden on macOS and Linux; a dot is only a name on
 * Windows), and `<part>.lock` names the process writing it (core/durable/pid-lock.ts, the project's one lock).
 * Files whose name ends with either suffix are never sent by a watched folder (core/watch/partial-names.ts).
 */

export const PART_SUFFIX = '.filedock-part'
export const PART_LOCK_SUFFIX = `${PART_SUFFIX}.lock`

/**
 * Bytes of the local name kept in the work file's name. The longest name made from it, pid-lock's own copy of the
 * lock (`<lock>.<pid>.<8 hex>`), adds 50 bytes (dot, code, suffixes, pid up to 7 digits), and must fit in 255.
 */
const NAME_BYTES_KEPT = 200

export function partNameOf(localName: string, fileCode: string): string {
  return `.${shortenName(localName, NAME_BYTES_KEPT)}.${fileCode}${PART_SUFFIX}`
}

export function partPathOf(dir: string, localName: string, fileCode: string): string {
  return join(dir, partNameOf(localName, fileCode))
}

/** Another process (or another download in this one) is writing this file's part right now. */
export class PartInUse extends FiledockError {}

/**
 * Takes the part's lock for this process, so that two processes downloading the same file never write into one
 * part; the second gets PartInUse (the queue waits and checks again: by then the file may be in place). Returns
 * the release.
 */
export function lockPart(part: string, name: string, dir: string): Promise<() => Promise<void>> {
  return acquirePidLock(
    `${part}.lock`,
    (holder) =>
      new PartInUse(
        translatedError({ kind: 'local_disk', operation: DOWNLOAD_OPERATION }, PART_IN_USE, {
          name,
          dir,
          ...holderValues(holder),
        }).toJSON(),
      ),
  )
}

/** A work file's size; 0 when there is none. */
export async function sizeOf(path: string): Promise<number> {
  try {
    return (await stat(path)).size
  } catch {
    return 0
  }
}

const PART_IN_USE = defineMessage({
  id: 'errors.download.partInUse',
  defaultMessage:
    '{name} is being downloaded into {dir} by {holder, select, this {another download of this Filedock} other {another Filedock (process {pid})}} right now. It is done once, there.',
})
