/**
 * The index database's tables. Accounts get a small integer key (`acct`) so the many indexes over files stay
 * small; names are compared NOCASE everywhere a user sorts or searches. Bump SCHEMA_VERSION when a table changes:
 * an index file of another version is rebuilt from the host (it is a cache of the host, never the only copy).
 */
export const SCHEMA_VERSION = 3

export const schemaSql = `
CREATE TABLE IF NOT EXISTS accounts (
  acct INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL UNIQUE,
  -- The generation rows written now get; a full crawl starts the next one and, once complete, drops older rows.
  generation INTEGER NOT NULL DEFAULT 0,
  crawling INTEGER NOT NULL DEFAULT 0,
  -- Resumable position of the running crawl: folders still to list are folders with listed = 0; pages done
  -- are in crawl_pages; per_page is what the host really gives (it may clamp what we ask).
  crawl_per_page INTEGER,
  crawl_pass INTEGER NOT NULL DEFAULT 0,
  files_total INTEGER,
  last_full_crawl TEXT,
  warning TEXT
);
CREATE TABLE IF NOT EXISTS crawl_pages (
  acct INTEGER NOT NULL,
  page INTEGER NOT NULL,
  PRIMARY KEY (acct, page)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS folders (
  acct INTEGER NOT NULL,
  fld_id INTEGER NOT NULL,
  parent_id INTEGER NOT NULL,
  name TEXT NOT NULL COLLATE NOCASE,
  path TEXT NOT NULL,
  gen INTEGER NOT NULL,
  listed INTEGER NOT NULL DEFAULT 1,
  -- The app write that last set this row (app_writes.seq at the time), 0 if none: a listing of the host that
  -- began before that write leaves the row as the app wrote it (see listing-writes.ts).
  app_seq INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (acct, fld_id)
) WITHOUT ROWID;
-- When a folder was last revalidated against the host (ms); a folder may be checked before a crawl knows it.
CREATE TABLE IF NOT EXISTS folder_checks (
  acct INTEGER NOT NULL,
  fld_id INTEGER NOT NULL,
  checked_at INTEGER NOT NULL,
  PRIMARY KEY (acct, fld_id)
) WITHOUT ROWID;
-- The app's writes are numbered in the order main hands them to the writer thread; this is the last number used,
-- so the numbers keep rising across restarts (a row's stamp is only ever compared with a listing's start).
CREATE TABLE IF NOT EXISTS app_writes (
  one INTEGER PRIMARY KEY CHECK (one = 1),
  seq INTEGER NOT NULL
);
INSERT OR IGNORE INTO app_writes (one, seq) VALUES (1, 0);
-- Files the app removed (the host listed them as deleted), with the app write that did: a row that is gone
-- cannot carry its stamp, and a listing that began before the removal must not put the file back. Emptied at
-- each start, when no listing runs.
CREATE TABLE IF NOT EXISTS removed_files (
  acct INTEGER NOT NULL,
  code TEXT NOT NULL,
  app_seq INTEGER NOT NULL,
  PRIMARY KEY (acct, code)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS folders_parent ON folders (acct, parent_id, name);
CREATE TABLE IF NOT EXISTS files (
  id INTEGER PRIMARY KEY,
  acct INTEGER NOT NULL,
  code TEXT NOT NULL,
  name TEXT NOT NULL COLLATE NOCASE,
  size INTEGER NOT NULL,
  uploaded TEXT NOT NULL,
  -- The upload time as seconds (see uploaded-key.ts), what the uploaded sort walks: far smaller than the text.
  uploaded_key INTEGER,
  downloads INTEGER NOT NULL,
  fld_id INTEGER NOT NULL,
  link TEXT NOT NULL,
  thumbnail TEXT,
  public INTEGER NOT NULL,
  gen INTEGER NOT NULL,
  -- As folders.app_seq.
  app_seq INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX IF NOT EXISTS files_code ON files (acct, code);
CREATE INDEX IF NOT EXISTS files_fld_name ON files (acct, fld_id, name);
CREATE INDEX IF NOT EXISTS files_fld_size ON files (acct, fld_id, size);
CREATE INDEX IF NOT EXISTS files_fld_uploaded ON files (acct, fld_id, uploaded_key);
CREATE INDEX IF NOT EXISTS files_fld_downloads ON files (acct, fld_id, downloads);
CREATE INDEX IF NOT EXISTS files_acct_name ON files (acct, name);
CREATE INDEX IF NOT EXISTS files_acct_size ON files (acct, size);
CREATE INDEX IF NOT EXISTS files_acct_uploaded ON files (acct, uploaded_key);
CREATE INDEX IF NOT EXISTS files_acct_downloads ON files (acct, downloads);
-- Substring search over names: trigram FTS kept in step by triggers (case-insensitive by default); no column
-- sizes (they serve ranking, which a file list does not do).
CREATE VIRTUAL TABLE IF NOT EXISTS files_fts USING fts5 (name, content = 'files', content_rowid = 'id', tokenize = 'trigram', columnsize = 0);
CREATE TRIGGER IF NOT EXISTS files_fts_insert AFTER INSERT ON files BEGIN
  INSERT INTO files_fts (rowid, name) VALUES (new.id, new.name);
END;
CREATE TRIGGER IF NOT EXISTS files_fts_delete AFTER DELETE ON files BEGIN
  INSERT INTO files_fts (files_fts, rowid, name) VALUES ('delete', old.id, old.name);
END;
CREATE TRIGGER IF NOT EXISTS files_fts_rename AFTER UPDATE OF name ON files WHEN old.name IS NOT new.name BEGIN
  INSERT INTO files_fts (files_fts, rowid, name) VALUES ('delete', old.id, old.name);
  INSERT INTO files_fts (rowid, name) VALUES (new.id, new.name);
END;
`
