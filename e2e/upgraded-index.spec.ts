import path from 'node:path'
import Database from 'better-sqlite3'
import { asVersion3 } from '../core/index/testing/schema-3.ts'
import { listFiles } from '../sandbox/testing/api-calls.ts'
import {
  addAccount,
  expect,
  fileRow,
  INDEX_FILE,
  readIndex,
  ref,
  startHost,
  stopHost,
  test,
} from './fixtures.ts'

test.use({ seedFiles: 20 })

/** Files the index holds beside the host's, written straight in (the upgrade's work grows with them). */
const BULK = 200_000

test('an index of the version before is brought up to date after an update: the window says so, then lists the files as people count', async ({
  page,
  tmp,
  sandbox,
}) => {
  test.setTimeout(180_000)
  const inRoot = (await listFiles(ref(sandbox), { fld_id: 0, per_page: 1000 })).length
  const dataDir = path.join(tmp, 'app')
  const file = path.join(dataDir, INDEX_FILE)

  let host = await startHost(dataDir)
  try {
    await page.goto(host.url)
    await addAccount(page, { label: 'Sandbox', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
    const crawled = () =>
      readIndex(dataDir, (db) =>
        db.prepare('SELECT count(*) FROM accounts WHERE last_full_crawl IS NOT NULL').pluck().get(),
      )
    await expect.poll(crawled, { timeout: 30_000 }).toBe(1)
  } finally {
    await stopHost(host.child)
  }

  // What the version before left: its schema, and many files in the root (bulk_1 … bulk_100000).
  asVersion3(file)
  const db = new Database(file)
  db.exec(`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BULK})
    INSERT INTO files (acct, code, name, size, uploaded, uploaded_key, downloads, fld_id, link, thumbnail, public, gen)
    SELECT a.acct, 'bulk' || i, 'bulk_' || i || '.bin', i, '2026-11-20 10:00:00', 1795168800, 0, 0,
      'http://127.0.0.1/bulk' || i, NULL, 1, a.generation
    FROM n, accounts a;
  `)
  // The app's next start finds the file held by another writer for a moment (as a second process may): its
  // upgrade has begun (and is said) but waits for the file, so the window below sees it under way on a slow
  // machine too. Let go once the window has said it, or after 3 s at most: SQLite waits 5 s for a lock.
  db.exec('BEGIN IMMEDIATE')
  const letGo = () => {
    if (db.inTransaction) db.exec('ROLLBACK')
  }
  host = await startHost(dataDir)
  const timer = setTimeout(letGo, 3_000)
  try {
    await page.goto(host.url)
    await expect(page.getByTestId('index-progress')).toContainText(
      'Bringing the file index up to date for this version',
    )
    letGo()
    await expect(page.getByTestId('index-progress')).toHaveCount(0, { timeout: 60_000 })
    await expect(page.getByTestId('status-count')).toHaveText(
      `${(inRoot + BULK).toLocaleString('en-US')} files`,
    )
    // Sorted by the key the upgrade computed: bulk_2 before bulk_10, as people count.
    const rows = page.getByRole('grid', { name: 'Files' }).getByRole('row')
    await expect(fileRow(page, 'bulk_2.bin').first()).toBeVisible()
    await expect(fileRow(page, 'bulk_10.bin').first()).toBeVisible()
    const names = await rows.allInnerTexts()
    const at = (name: string) => names.findIndex((t) => t.includes(name))
    expect(at('bulk_2.bin')).toBeLessThan(at('bulk_10.bin'))
  } finally {
    clearTimeout(timer)
    letGo()
    db.close()
    await stopHost(host.child)
  }
})
