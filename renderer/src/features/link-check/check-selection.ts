import type { AccountView } from '../../../../shared/accounts.ts'
import { api } from '../../app/bridge.ts'
import { call, errorMessage } from '../../lib/call.ts'
import { toast } from '../../state/toast-store.ts'
import type { Selection } from '../files/index-query.ts'
import { useLinkCheck } from './link-check-store.ts'

/**
 * The link checker on files chosen in the app (a selection, a folder's files): main lists their page links from
 * the index, the checker shows them as if pasted and checks them at once. The checker's text holds the links, so
 * checking again, copying the live ones and the CSV work as for pasted text.
 */
export async function checkLinksOf(selection: Selection, accounts: readonly AccountView[]): Promise<void> {
  let links: string[]
  try {
    links = (await call(api.index.links({ selection }))).links
  } catch (error) {
    toast.error((intl) =>
      intl.formatMessage(
        { id: 'linkCheck.selection.failed', defaultMessage: 'Could not check the links: {message}' },
        { message: errorMessage(error) },
      ),
    )
    return
  }
  if (links.length === 0) {
    toast.refuse((intl) =>
      intl.formatMessage({
        id: 'linkCheck.selection.none',
        defaultMessage: 'No files to check the links of',
      }),
    )
    return
  }
  useLinkCheck.getState().show(links.join('\n'))
  await useLinkCheck.getState().check(accounts)
}
