import * as ContextMenu from '@radix-ui/react-context-menu'
import { FormattedMessage, useIntl } from 'react-intl'
import type { IndexRow } from '../../../../shared/file-index.ts'
import { MenuItem } from '../../components/MenuItem.tsx'
import { commandLabel } from '../../lib/command-key.ts'
import { useSelection } from '../../state/selection-store.ts'
import { PaneFolderMenu } from '../folders/PaneFolderMenu.tsx'
import { DOWNLOAD_KEY } from './file-keys.ts'
import { useRename } from './rename-store.ts'
import type { FileCommands } from './use-file-commands.ts'
import type { SelectionCount } from './use-selection-summary.ts'

/** The right-click menu of the file pane; acts on the selection (a right-click selects the row first). */
export function FileMenu({
  commands,
  summary,
  rowAt,
}: {
  commands: FileCommands
  summary: SelectionCount | null
  rowAt: (index: number) => IndexRow | undefined
}) {
  const intl = useIntl()
  const whole = useSelection((s) => s.all !== null)
  const focusIndex = useSelection((s) => s.focusIndex)
  const pickedNone = useSelection((s) => s.picked.size === 0)
  // A right-click on a folder row puts the cursor there and picks nothing: the menu is the folder's.
  const folder = whole || !pickedNone ? undefined : rowAt(focusIndex)
  if (folder?.kind === 'folder')
    return <PaneFolderMenu row={folder} onOpen={() => commands.open(focusIndex)} onRename={commands.rename} />
  const count = summary?.files ?? 0
  const single = count === 1 && !whole
  // Entries name how many files they act on once there are several: "Copy links (12)". None counts as one.
  const values = { count: Math.max(count, 1) }

  return (
    <ContextMenu.Portal>
      <ContextMenu.Content
        className="menu"
        aria-label={intl.formatMessage({ id: 'files.menu.label', defaultMessage: 'File actions' })}
        // Rename puts focus in the row's name field: the menu must not take it back to the grid as it closes.
        onCloseAutoFocus={(e) => useRename.getState().editing && e.preventDefault()}
      >
        {summary === null ? (
          <div className="menu-label">
            <FormattedMessage id="files.menu.noneSelected" defaultMessage="No files selected" />
          </div>
        ) : null}
        <MenuItem
          icon="link"
          label={intl.formatMessage(
            {
              id: 'files.menu.copyLinks',
              defaultMessage: '{count, plural, one {Copy link} other {Copy links (#)}}',
            },
            values,
          )}
          shortcut={commandLabel('C')}
          disabled={summary === null}
          onSelect={commands.copyLinks}
        />
        <MenuItem
          icon="download"
          label={intl.formatMessage(
            {
              id: 'files.menu.copyDirectLinks',
              defaultMessage: '{count, plural, one {Copy direct link} other {Copy direct links (#)}}',
            },
            values,
          )}
          shortcut={commandLabel('Shift+C')}
          disabled={summary === null}
          onSelect={commands.copyDirectLinks}
        />
        <MenuItem
          icon="check"
          label={intl.formatMessage(
            {
              id: 'files.menu.checkLinks',
              defaultMessage: '{count, plural, one {Check link} other {Check links (#)}}',
            },
            values,
          )}
          disabled={summary === null}
          onSelect={commands.checkLinks}
        />
        <MenuItem
          icon="external"
          label={intl.formatMessage({ id: 'files.menu.openPage', defaultMessage: 'Open page in browser' })}
          shortcut="Enter"
          disabled={summary === null || whole}
          onSelect={() => commands.open(focusIndex)}
        />
        <MenuItem
          icon="download"
          label={intl.formatMessage(
            {
              id: 'files.menu.download',
              defaultMessage: '{count, plural, one {Download…} other {Download… (#)}}',
            },
            values,
          )}
          shortcut={commandLabel(DOWNLOAD_KEY)}
          disabled={summary === null}
          onSelect={commands.download}
        />
        <ContextMenu.Separator className="menu-separator" />
        <MenuItem
          icon="edit"
          label={intl.formatMessage({ id: 'files.menu.rename', defaultMessage: 'Rename' })}
          shortcut="F2"
          disabled={!single}
          onSelect={commands.rename}
        />
        <MenuItem
          icon="copy"
          label={intl.formatMessage(
            { id: 'files.menu.clone', defaultMessage: '{count, plural, one {Clone} other {Clone (#)}}' },
            values,
          )}
          disabled={summary === null}
          onSelect={commands.clone}
        />
        <MenuItem
          icon="move"
          label={intl.formatMessage(
            {
              id: 'files.menu.move',
              defaultMessage: '{count, plural, one {Move to folder…} other {Move to folder… (#)}}',
            },
            values,
          )}
          disabled={summary === null}
          onSelect={commands.move}
        />
      </ContextMenu.Content>
    </ContextMenu.Portal>
  )
}
