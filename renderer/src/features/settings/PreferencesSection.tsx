import { useEffect, useState } from 'react'
import type { ConflictPolicy } from '../../../../shared/downloads.ts'
import type { AppSettings, CloneNames, RecrawlHours, SizeUnits } from '../../../../shared/ipc/settings.ts'
import { CONFLICT_WORDS } from '../download/conflict-words.ts'
import { RemoteUrlPreferences } from '../upload/RemoteUrlPreferences.tsx'
import { useUpdateSettings, useUploadSettings } from '../upload/use-upload-settings.ts'
import { LanguageChoice } from './LanguageChoice.tsx'

const unitChoices: [SizeUnits, string][] = [
  ['decimal', 'Decimal: 1 KB = 1,000 bytes (as macOS and the web count)'],
  ['binary', 'Binary: 1 KiB = 1,024 bytes'],
]
const cloneChoices: [CloneNames, string][] = [
  ['copy', 'Name them “name (copy).ext”, “name (copy 2).ext”…'],
  ['same', 'Keep the original name'],
]
const conflictChoices: [ConflictPolicy, string][] = (['skip', 'rename', 'overwrite'] as const).map((p) => [
  p,
  `${CONFLICT_WORDS[p].label}: ${CONFLICT_WORDS[p].detail}`,
])
const recrawlChoices: [RecrawlHours | null, string][] = [
  [1, 'Every hour'],
  [3, 'Every 3 hours'],
  [6, 'Every 6 hours'],
  [12, 'Every 12 hours'],
  [24, 'Once a day'],
  [null, 'Off: a folder is re-read when you open it'],
]

/**
 * Window-wide preferences, saved by main for every window and both hosts: size units, names of copies, what a
 * download does with a name already taken on disk, and how often the file index re-reads every account (a change applies at once).
 */
export function PreferencesSection() {
  return (
    <section className="preferences" aria-labelledby="preferences-title">
      <h3 id="preferences-title" className="preferences-title">
        Preferences
      </h3>
      <LanguageChoice />
      <Choice field="sizeUnits" legend="Sizes and speeds" choices={unitChoices} />
      <Choice field="cloneNames" legend="Copies of files" choices={cloneChoices} />
      <Choice
        field="onConflict"
        legend="Downloads: a file of the same name is already in the folder"
        choices={conflictChoices}
      />
      <Choice
        field="recrawlHours"
        legend="Re-read all files from the host in the background"
        choices={recrawlChoices}
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
