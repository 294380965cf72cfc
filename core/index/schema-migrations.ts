import type Database from 'better-sqlite3'
import { SCHEMA_VERSION } from './schema.ts'

/**
 * Steps that bring an index file of an older schema up to date in place, each from the version it names to the
 * next: a change that only adds what can be computed from the rows (a sort key) need not cost a crawl of every
 * account again. The tables and indexes the step leaves out are made by schemaSql, which runs after it.
 */
const steps: Record<number, (db: Database.Database) => void> = {
  // 3 → 4: names sort as people count (name_key, see schema.ts); the indexes over the bare name go.
  3: (db) =>
    db.exec(`
      ALTER TABLE files ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
      ALTER TABLE folders ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
      UPDATE files SET name_key = name_key(name);
      UPDATE folders SET name_key = name_key(name);
      DROP INDEX IF EXISTS files_fld_name;
      DROP INDEX IF EXISTS files_acct_name;
      DROP INDEX IF EXISTS folders_parent;
    `),
}

/**
 * Runs every step from `version` to SCHEMA_VERSION, in the caller's transaction; throws when a step is missing (the
 * file was made by a version too old, or by a newer one), and the caller rebuilds the index then.
 */
export function migrateSchema(db: Database.Database, version: number): void {
  if (version > SCHEMA_VERSION) throw new Error('it was made by another version of Filedock')
  for (let v = version; v < SCHEMA_VERSION; v++) {
    const step = steps[v]
    if (step === undefined) throw new Error('it was made by another version of Filedock')
    step(db)
  }
}
