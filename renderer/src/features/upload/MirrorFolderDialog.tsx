import { useIntl } from 'react-intl'
import { useAccounts } from '../accounts/use-accounts.ts'
import { RemoteFolderDialog } from '../folders/RemoteFolderDialog.tsx'
import { useMirrorFolders } from './mirror-folders.ts'

/** Picks the folder a mirrored upload goes to on one account, in the same lazy tree as the sidebar. */
export function MirrorFolderDialog() {
  const accountId = useMirrorFolders((s) => s.picking)
  const chosen = useMirrorFolders((s) => (accountId === null ? undefined : s.folders[accountId]))
  const { data } = useAccounts()
  const intl = useIntl()
  if (accountId === null) return null
  const label = data?.accounts.find((a) => a.id === accountId)?.label ?? accountId
  const { choose, pick } = useMirrorFolders.getState()
  return (
    // Keyed by account, so opening it for another account starts from that account's choice.
    <RemoteFolderDialog
      key={accountId}
      accountId={accountId}
      accountLabel={label}
      title={intl.formatMessage(
        { id: 'upload.mirror.title', defaultMessage: 'Upload folder on {account}' },
        { account: label },
      )}
      description={intl.formatMessage(
        {
          id: 'upload.mirror.description',
          defaultMessage:
            'Mirrored uploads go into this folder on {account}; the other accounts keep their own.',
        },
        { account: label },
      )}
      initial={chosen ?? []}
      confirmLabel={(f) =>
        intl.formatMessage({ id: 'upload.mirror.confirm', defaultMessage: 'Use “{name}”' }, { name: f.name })
      }
      onChoose={(path) => choose(accountId, path)}
      onClose={() => pick(null)}
    />
  )
}
