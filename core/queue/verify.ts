import { defineMessages } from '@formatjs/intl'
import { translatedError } from '../../shared/i18n/error-text.ts'
import { permanentText } from './failures.ts'
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
    throw translatedError({ kind: 'server', operation: 'file/info' }, LANDING.notInAccount, {
      name: item.name,
      fileCode,
    })
  }
  if (size !== null && info.size !== size) {
    throw permanentText(
      LANDING.sizeDiffers,
      { stored: info.size, name: item.name, size, fileCode },
      'server',
      'file/info',
    )
  }
  return info.size
}

const LANDING = defineMessages({
  notInAccount: {
    id: 'errors.queue.notInAccount',
    defaultMessage:
      'The host accepted {name} with file code {fileCode}, but no such file is in this account (it may have been stored anonymously because the upload session lapsed).',
  },
  sizeDiffers: {
    id: 'errors.queue.storedSizeDiffers',
    defaultMessage:
      'The host stored {stored} bytes of {name} instead of {size} (file code {fileCode}). Delete it on the host and queue the file again.',
  },
})
