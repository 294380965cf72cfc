import { existsSync, mkdirSync, renameSync } from 'node:fs'
import { basename, dirname } from 'node:path'
import Database from 'better-sqlite3'
import { naturalKey } from '../../shared/natural-name.ts'
import { INDEX_WARNINGS, indexWarning } from './index-warning.ts'
import { SCHEMA_VERSION, schemaSql } from './schema.ts'
import { migrateSchema } from './schema-migrations.ts'
import { uploadedKey } from './uploaded-key.ts'

export interface OpenedIndexDb {
  db: Database.Database
  /** Set when the file on disk was unreadable and a fresh one was started: what happened, in user words. */
  rebuilt: string | null
}

/**
 * Opens (or creates) the index file with WAL and checks it; a file of an older schema is brought up to date
 * (schema-migrations.ts). A file that fails to open, fails `quick_check`, or has a schema version with no way
 * here is moved aside next to it (kept for a bug report, never deleted) and a fresh one is
 * started: the index is a cache of the hosts, so rebuilding it loses nothing.
 */
export function openIndexDb(
  file: string,
  nativeBinding?: string,
  upgrading: (fromVersion: number) => void = () => undefined,
): OpenedIndexDb {
  mkdirSync(dirname(file), { recursive: true })
  const existed = existsSync(file)
  try {
    return { db: openChecked(file, nativeBinding, existed, upgrading), rebuilt: null }
  } catch (error) {
    if (!existed) throw error
    const aside = `${file}.damaged-${Date.now()}`
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix)
    }
    return {
      db: openChecked(file, nativeBinding, false, upgrading),
      rebuilt: indexWarning(INDEX_WARNINGS.rebuilt, { file: basename(aside) }, error),
    }
  }
}

/** What the writer thread tells main once it has readied the index file (readyIndexFile). */
export interface ReadiedIndex {
  rebuilt: string | null
  /** The last app write's number in the file (app_writes.seq): main's numbering goes on from there. */
  lastSeq: number
}

/**
 * Readies the index file as the writer thread starts (index-writer-thread.ts): checked (a damaged one set aside,
 * see openIndexDb) and brought up to date, the app's removals of an earlier run forgotten (no listing runs yet
 * that began before them: schema.ts, removed_files), and the last app write's number read. This is the heavy
 * part of opening (a quick_check reads every page; the step to schema 4 computes a key for every name, seconds
 * for a few hundred thousand files), so it runs on the writer thread, never on main: the connection it returns is
 * the thread's own from then on.
 */
export function readyIndexFile(
  file: string,
  nativeBinding: string | undefined,
  upgrading: (fromVersion: number) => void,
): ReadiedIndex & { db: Database.Database } {
  const { db, rebuilt } = openIndexDb(file, nativeBinding, upgrading)
  try {
    db.prepare('DELETE FROM removed_files').run()
    return { db, rebuilt, lastSeq: db.prepare<[], number>('SELECT seq FROM app_writes').pluck().get() ?? 0 }
  } catch (error) {
    db.close()
    throw error
  }
}

/**
 * The writing connection to an index file: the writer thread's (see index-writer.ts), which openIndexDb checks
 * and brings up to date first.
 */
export function openIndexConnection(file: string, nativeBinding: string | undefined): Database.Database {
  const db = new Database(file, nativeBinding === undefined ? {} : { nativeBinding })
  // Another process may hold the file for a moment (a second window, a test reading beside the app): wait for
  // its transaction instead of failing.
  db.pragma('busy_timeout = 5000')
  // NORMAL in WAL mode never corrupts on power loss; at worst the last transactions are redone by a crawl.
  db.pragma('synchronous = NORMAL')
  // A crawl inserts into the table, eight indexes and the trigram table at random places: 64 MiB keeps the pages
  // it keeps coming back to in memory (SQLite's default is 2 MiB), and statement journals stay in memory too.
  db.pragma('cache_size = -65536')
  db.pragma('temp_store = MEMORY')
  // A crawl's batch dirties a few thousand pages: checkpointing after every commit (SQLite's default, at 1,000
  // pages of WAL) copied them into the file again and again. At 64 MiB a page rewritten by many commits is copied
  // once, and an emptied WAL is cut back to 16 MiB so an idle index does not keep the space.
  db.pragma('wal_autocheckpoint = 16384')
  db.pragma('journal_size_limit = 16777216')
  // The statements that write file records from JSON (listing-writes.ts) compute the sort keys as rows go in.
  db.function('uploaded_key', { deterministic: true }, (uploaded: unknown) =>
    typeof uploaded === 'string' ? uploadedKey(uploaded) : null,
  )
  db.function('name_key', { deterministic: true }, (name: unknown) =>
    typeof name === 'string' ? naturalKey(name) : '',
  )
  return db
}

/**
 * Main's connection: read-only, so the writer thread stays the only writer (SQLite refuses a write here). In WAL
 * mode it reads the last commit while the thread writes the next.
 */
export function openIndexReader(file: string, nativeBinding: string | undefined): Database.Database {
  const db = new Database(file, {
    readonly: true,
    fileMustExist: true,
    ...(nativeBinding === undefined ? {} : { nativeBinding }),
  })
  db.pragma('busy_timeout = 5000')
  return db
}

/**
 * Runs `write` as one IMMEDIATE transaction: every write to the index goes through here. The writer thread is the
 * only writer of this process, but another process may open the file (a test, a second window), and a deferred
 * transaction that reads and then writes after another connection committed is refused by SQLite
 * (SQLITE_BUSY_SNAPSHOT) instead of waiting; taking the write lock first makes it wait (busy_timeout). Nested
 * calls become savepoints of the outer transaction.
 */
export function inWriteTransaction<T>(db: Database.Database, write: () => T): T {
  return db.transaction(write).immediate()
}

function openChecked(
  file: string,
  nativeBinding: string | undefined,
  existed: boolean,
  upgrading: (fromVersion: number) => void,
): Database.Database {
  const db = openIndexConnection(file, nativeBinding)
  try {
    db.pragma('journal_mode = WAL')
    if (existed) {
      const check = db.pragma('quick_check', { simple: true })
      if (check !== 'ok') throw new Error(`integrity check: ${String(check)}`)
      const version = db.pragma('user_version', { simple: true })
      if (version !== SCHEMA_VERSION && version !== 0) {
        upgrading(Number(version))
        // One transaction: a quit part-way leaves the file as the older version wrote it, brought up next time;
        // main's read-only connection, opened once this has returned, never sees a file half brought up.
        inWriteTransaction(db, () => {
          migrateSchema(db, Number(version))
          db.exec(schemaSql)
          db.pragma(`user_version = ${SCHEMA_VERSION}`)
        })
      }
    }
    db.exec(schemaSql)
    db.pragma(`user_version = ${SCHEMA_VERSION}`)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}
