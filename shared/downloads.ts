import { z } from 'zod'

/**
 * What a download does when its file's name is taken in the target folder (a setting in the app,
 * `--on-conflict` in the CLI): `skip` a file of the same size (the same file, as uploads judge by name and size;
 * another size is kept beside it as `rename` does), `rename` keeps both (`name (1).ext`), `overwrite` replaces.
 */
export const conflictPolicySchema = z.enum(['skip', 'rename', 'overwrite'])
export type ConflictPolicy = z.infer<typeof conflictPolicySchema>
