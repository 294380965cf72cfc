import Database from 'better-sqlite3'

/**
 * Turns an index file back into what the version before (schema 3) wrote: no name keys, indexes over the bare
 * names. For the tests and the bench of the step to schema 4 (schema-migrations.ts).
 */
export function asVersion3(file: string): void {
  const db = new Database(file)
  db.exec(`
    DROP INDEX files_fld_name_key; DROP INDEX files_acct_name_key; DROP INDEX folders_parent_key;
    ALTER TABLE files DROP COLUMN name_key; ALTER TABLE folders DROP COLUMN name_key;
    CREATE INDEX folders_parent ON folders (acct, parent_id, name);
    CREATE INDEX files_fld_name ON files (acct, fld_id, name);
    CREATE INDEX files_acct_name ON files (acct, name);
    PRAGMA user_version = 3;
  `)
  db.close()
}
