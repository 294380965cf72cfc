import type { ConflictPolicy } from '../../../../shared/downloads.ts'

/** The conflict policy in the words of Settings and of the Download… dialog (one place for both). */
export const CONFLICT_WORDS: Record<ConflictPolicy, { label: string; detail: string }> = {
  skip: {
    label: 'Skip files already here',
    detail:
      'a file of the same name and size is not fetched again; another size is kept beside it as "name (1)"',
  },
  rename: { label: 'Keep both', detail: 'the download is saved beside it as "name (1).ext"' },
  overwrite: { label: 'Replace', detail: 'the file on disk is replaced once the download is whole' },
}
