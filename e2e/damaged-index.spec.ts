import fs from 'node:fs/promises'
import path from 'node:path'
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

test.use({ seedFiles: 60 })

/** Files the app's index holds; -1 while it cannot be read. */
const indexedFiles = (dataDir: string): number =>
  readIndex(dataDir, (db) => (db.prepare('SELECT count(*) AS n FROM files').get() as { n: number }).n) ?? -1

test('a damaged index file is said once, not again after a reload or in a second window, and the files come back', async ({
  page,
  tmp,
  sandbox,
}) => {
  test.setTimeout(120_000)
  const sb = ref(sandbox)
  const total = (await listFiles(sb, { per_page: 1000 })).length
  const inRoot = (await listFiles(sb, { fld_id: 0, per_page: 1000 })).map((f) => f.name)
  expect(total).toBe(60)
  const dataDir = path.join(tmp, 'app')

  // A first run indexes the account. The restart below keeps its key: the suite runs under one Secret Service
  // (scripts/with-keyring.sh), and the host's keychain service name follows its data folder.
  let host = await startHost(dataDir)
  try {
    await page.goto(host.url)
    await addAccount(page, { label: 'Sandbox', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
    await expect.poll(() => indexedFiles(dataDir), { timeout: 30_000 }).toBe(total)
  } finally {
    await stopHost(host.child)
  }

  // The index file is damaged while the app is closed (a disk error, a half-copied data folder).
  await fs.writeFile(path.join(dataDir, INDEX_FILE), Buffer.alloc(64 * 1024, 0x5a))
  // A slow host keeps the rebuild going while the windows below look (the note lasts until it is done).
  sandbox.setFaults({ latencyMs: 4_000 })
  sandbox.setMaxPerPage(10)
  host = await startHost(dataDir)
  const second = await page.context().newPage()
  try {
    const notices = (p: typeof page) =>
      p.getByRole('region', { name: 'Notifications' }).getByText(/rebuilt from the host/)
    await page.goto(host.url)
    await expect(notices(page)).toHaveCount(1)
    await expect(notices(page)).toContainText(/Sandbox: The file index could not be read/)
    await expect(page.getByTestId('index-progress')).toContainText('Indexing Sandbox')

    // The status is read again (the rebuild is still running, the note still in it) but not said again.
    await page.reload()
    await expect(page.getByTestId('index-progress')).toContainText('Indexing Sandbox')
    await page.waitForTimeout(500)
    await expect(notices(page)).toHaveCount(0)
    await second.goto(host.url)
    await expect(second.getByTestId('index-progress')).toContainText('Indexing Sandbox')
    await second.waitForTimeout(500)
    await expect(notices(second)).toHaveCount(0)

    // The damaged file was set aside, not deleted; the host answers quickly again and the files come back.
    const names = await fs.readdir(dataDir)
    expect(
      names.filter((n) => n.startsWith(`${INDEX_FILE}.damaged-`) && !/-(wal|shm)$/.test(n)),
    ).toHaveLength(1)
    sandbox.setFaults({ latencyMs: 0 })
    sandbox.setMaxPerPage(1000)
    await expect.poll(() => indexedFiles(dataDir), { timeout: 60_000 }).toBe(total)
    await expect(page.getByTestId('index-progress')).toHaveCount(0)
    await expect(page.getByTestId('status-count')).toHaveText(`${inRoot.length} files`)
    // A row at the top of the name sort: only the rows in view (and a few more) are drawn, and the root can hold
    // more files than that (the host's first file was once drawn nowhere).
    await expect(fileRow(page, [...inRoot].sort()[0] ?? '').first()).toBeVisible()
    await expect(notices(page)).toHaveCount(0)
    // Nothing on the host changed: the rebuild only read.
    expect((await listFiles(sb, { per_page: 1000 })).length).toBe(total)
  } finally {
    await second.close()
    await stopHost(host.child)
  }
})
