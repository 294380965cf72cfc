import type { UseQueryResult } from '@tanstack/react-query'
import { FormattedMessage, useIntl } from 'react-intl'
import type { LocalFolderListing } from '../../../../shared/ipc/local-folders-contract.ts'
import { Icon } from '../../components/Icon.tsx'
import { ErrorState, Spinner } from '../../components/States.tsx'

/**
 * One folder's subfolders as a listbox: click picks, double-click or Enter opens, arrows move, Backspace goes
 * up. The list keeps focus and points at the picked folder (aria-activedescendant).
 */
export function LocalFolderList(props: {
  listing: UseQueryResult<LocalFolderListing>
  picked: string | null
  onPick: (name: string) => void
  onOpen: (name: string) => void
  onUp: () => void
}) {
  const { listing, picked, onPick, onOpen, onUp } = props
  const intl = useIntl()
  if (listing.isPending)
    return (
      <Spinner
        label={intl.formatMessage({ id: 'localFolders.list.reading', defaultMessage: 'Reading the folder' })}
      />
    )
  if (listing.isError) return <ErrorState error={listing.error} onRetry={() => void listing.refetch()} />
  const names = listing.data.folders
  const move = (step: number) => {
    const i = picked === null ? -1 : names.indexOf(picked)
    const next = names[Math.min(names.length - 1, Math.max(0, i + step))]
    if (next !== undefined) onPick(next)
  }
  return (
    <div
      className="picker local-folders"
      role="listbox"
      aria-label={intl.formatMessage({ id: 'localFolders.list.label', defaultMessage: 'Folders' })}
      tabIndex={0}
      data-autofocus
      aria-activedescendant={picked === null ? undefined : optionId(picked)}
      onKeyDown={(e) => {
        if (
          !folderKey(e.key, {
            move,
            count: names.length,
            open: () => picked !== null && onOpen(picked),
            up: onUp,
          })
        )
          return
        e.preventDefault()
      }}
    >
      {names.length === 0 ? (
        <p className="muted local-empty">
          <FormattedMessage id="localFolders.list.empty" defaultMessage="No folders in here." />
        </p>
      ) : null}
      {names.map((n) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox has the keys (arrows, Enter) for its options
        <div
          key={n}
          id={optionId(n)}
          role="option"
          aria-selected={n === picked}
          tabIndex={-1}
          className="tree-row"
          onClick={() => onPick(n)}
          onDoubleClick={() => onOpen(n)}
        >
          <Icon name="folder" className="icon-folder" />
          <span className="truncate" translate="no">
            {n}
          </span>
        </div>
      ))}
    </div>
  )
}

/** The folder list's keys, as a listbox takes them; false for a key it leaves alone. */
function folderKey(
  key: string,
  k: { move: (step: number) => void; count: number; open: () => void; up: () => void },
): boolean {
  switch (key) {
    case 'ArrowDown':
      k.move(1)
      return true
    case 'ArrowUp':
      k.move(-1)
      return true
    case 'Home':
      k.move(-k.count)
      return true
    case 'End':
      k.move(k.count)
      return true
    case 'Enter':
      k.open()
      return true
    case 'Backspace':
      k.up()
      return true
    default:
      return false
  }
}

const optionId = (name: string) => `local-folder-${encodeURIComponent(name)}`
