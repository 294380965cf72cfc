import { useEffect, useState } from 'react'
import { FormattedMessage, useIntl } from 'react-intl'
import type { ConflictPolicy } from '../../../../shared/downloads.ts'
import { RECRAWL_HOURS } from '../../../../shared/ipc/limits.ts'
import type { AppSettings, CloneNames, RecrawlHours } from '../../../../shared/ipc/settings.ts'
import { conflictWords } from '../download/conflict-words.ts'
import { RemoteUrlPreferences } from '../upload/RemoteUrlPreferences.tsx'
import { useUpdateSettings, useUploadSettings } from '../upload/use-upload-settings.ts'
import { LanguageChoice } from './LanguageChoice.tsx'

const CONFLICTS: ConflictPolicy[] = ['skip', 'rename', 'overwrite']

/**
 * The conflict policy's words belong to the Download… dialog (conflict-words.ts), as plain text or as message
 * descriptors: either is shown in the window's language.
 */
/**
 * Window-wide preferences, saved by main for every window and both hosts: size units, names of copies, what a
 * download does with a name already taken on disk, and how often the file index re-reads every account (a change applies at once).
 */
export function PreferencesSection() {
  const intl = useIntl()
  return (
    <section className="preferences" aria-labelledby="preferences-title">
      <h3 id="preferences-title" className="preferences-title">
        <FormattedMessage id="settings.preferences.title" defaultMessage="Preferences" />
      </h3>
      <LanguageChoice />
      <Choice
        field="sizeUnits"
        legend={intl.formatMessage({ id: 'settings.units.legend', defaultMessage: 'Sizes and speeds' })}
        choices={[
          [
            'decimal',
            intl.formatMessage(
              {
                id: 'settings.units.decimal',
                defaultMessage: 'Decimal: 1 KB = {bytes, number} bytes (as macOS and the web count)',
              },
              { bytes: 1000 },
            ),
          ],
          [
            'binary',
            intl.formatMessage(
              { id: 'settings.units.binary', defaultMessage: 'Binary: 1 KiB = {bytes, number} bytes' },
              { bytes: 1024 },
            ),
          ],
        ]}
      />
      <Choice
        field="cloneNames"
        legend={intl.formatMessage({ id: 'settings.clones.legend', defaultMessage: 'Copies of files' })}
        choices={[
          [
            'copy' satisfies CloneNames,
            intl.formatMessage({
              id: 'settings.clones.copy',
              defaultMessage: 'Name them “name (copy).ext”, “name (copy 2).ext”…',
            }),
          ],
          [
            'same' satisfies CloneNames,
            intl.formatMessage({ id: 'settings.clones.same', defaultMessage: 'Keep the original name' }),
          ],
        ]}
      />
      <Choice
        field="onConflict"
        legend={intl.formatMessage({
          id: 'settings.conflict.legend',
          defaultMessage: 'Downloads: a file of the same name is already in the folder',
        })}
        choices={CONFLICTS.map((p) => [
          p,
          intl.formatMessage(
            { id: 'settings.conflict.choice', defaultMessage: '{choice}: {detail}' },
            {
              choice: conflictWords(intl, p).label,
              detail: conflictWords(intl, p).detail,
            },
          ),
        ])}
      />
      <Choice
        field="recrawlHours"
        legend={intl.formatMessage({
          id: 'settings.recrawl.legend',
          defaultMessage: 'Re-read all files from the host in the background',
        })}
        choices={[
          ...RECRAWL_HOURS.map((hours): [RecrawlHours, string] => [
            hours,
            hours === 24
              ? intl.formatMessage({ id: 'settings.recrawl.daily', defaultMessage: 'Once a day' })
              : intl.formatMessage(
                  {
                    id: 'settings.recrawl.hours',
                    defaultMessage: '{hours, plural, one {Every hour} other {Every # hours}}',
                  },
                  { hours },
                ),
          ]),
          [
            null,
            intl.formatMessage({
              id: 'settings.recrawl.off',
              defaultMessage: 'Off: a folder is re-read when you open it',
            }),
          ],
        ]}
      />
      <RemoteUrlPreferences />
    </section>
  )
}

type ChoiceField = 'sizeUnits' | 'cloneNames' | 'recrawlHours' | 'onConflict'

/**
 * One preference as radio buttons. The choice is kept in local state first, so the button shows it in the same
 * event: a unit change redraws the whole window, and waiting for that would leave the old button checked a while.
 */
function Choice<F extends ChoiceField>(props: {
  field: F
  legend: string
  choices: [AppSettings[F], string][]
}) {
  const saved = useUploadSettings().data?.[props.field]
  const update = useUpdateSettings()
  const [chosen, setChosen] = useState(saved)
  // Follows changes made elsewhere (another window), and the first load.
  useEffect(() => setChosen(saved), [saved])
  return (
    <fieldset className="preferences-group" disabled={saved === undefined}>
      <legend>{props.legend}</legend>
      {props.choices.map(([value, label]) => (
        <label key={String(value)} className="check">
          <input
            type="radio"
            name={props.field}
            checked={chosen === value}
            onChange={() => {
              setChosen(value)
              update.mutate({ [props.field]: value })
            }}
          />
          {label}
        </label>
      ))}
    </fieldset>
  )
}
