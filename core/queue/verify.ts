import { FiledockError } from '../../shared/errors.ts'
import { permanent } from './failures.ts'
import type { ItemContext } from './item-context.ts'

/**
 * An upload counts only once its code is seen in the account: some hosts answer OK with a code that is not a
 * file of this account (`undef`, or a file stored anonymously because the login session lapsed). Not found →
 * the code is forgotten and the attempt fails (retried: a new session usually fixes a lapsed one); found with
 * another size → the host kept something else, which retrying the same bytes would not change.
 */
export async function verifyLanding(
  ctx: ItemContext,
  fileCode: string,
  size: number | null,
): Promise<number> {
  const { item, store, client, signal } = ctx
  const [info] = await client.fileInfo(fileCode, { signal })
  if (!info?.found) {
    await store.patch(item, { fileCode: null, sending: false }, true)
    throw new FiledockError({
      kind: 'server',
      message: `The host accepted ${item.name} with file code ${fileCode}, but no such file is in this account (it may have been stored anonymously because the upload session lapsed).`,
      operation: 'file/info',
    })
  }
  if (size !== null && info.size !== size) {
    throw permanent(
      `The host stored ${info.size} bytes of ${item.name} instead of ${size} (file code ${fileCode}). Delete it on the host and queue the file again.`,
      'server',
      'file/info',
    )
  }
  return info.size
}
