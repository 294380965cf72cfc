import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { listFiles } from '../sandbox/testing/api-calls.ts'
import { addAccount, expect, ref, test } from './fixtures.ts'
import { expectFileCount, paneRows } from './index-helpers.ts'

const FILES = 20_000

test.use({ seedFiles: FILES })

/**
 * The sandbox behind a proxy that holds every folder/list request (the crawl's folder walk, the root check's
 * subfolders, the sidebar's tree) until released, and passes everything else on. While it holds, the account's
 * first crawl cannot finish: whatever the page shows meanwhile, it shows during that crawl.
 */
async function holdingFolderListings(target: string) {
  let release = (): void => undefined
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let held = 0
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', target)
    if (url.pathname === '/api/folder/list') {
      held++
      await released
    }
    const answer = await fetch(url)
    res.writeHead(answer.status, { 'content-type': 'application/json' })
    res.end(await answer.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    held: () => held,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        release()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

test('a newly added account shows its first rows while its first crawl still lists its folders', async ({
  page,
  host,
  sandbox,
}) => {
  test.setTimeout(180_000)
  const inRoot = (await listFiles(ref(sandbox), { fld_id: 0 })).length
  expect(inRoot).toBeGreaterThan(0)
  const proxy = await holdingFolderListings(sandbox.baseUrl)
  try {
    await page.goto(host.url)
    await addAccount(page, { label: 'Sandbox', baseUrl: proxy.baseUrl, apiKey: sandbox.apiKey })
    // The crawl has asked for its first folder listing, which is held: the crawl is running and stays so.
    await expect.poll(() => proxy.held()).toBeGreaterThan(0)

    // The root, opened with the account, shows its files from the first page its check read (its subfolders,
    // asked after, are held).
    await expect(page.getByTestId('status-count')).toHaveText(`${inRoot.toLocaleString('en-US')} files`)
    // All files shows the rows the crawl has written so far, and fills in as it goes.
    await page.getByRole('button', { name: 'All files' }).click()
    await expect(paneRows(page, '[data-code]').first()).toBeVisible()
    await expect(page.getByTestId('status-count')).toHaveText(/^[1-9][\d,]* files$/)
    await expect(page.getByTestId('index-progress')).toContainText('Indexing Sandbox')

    proxy.release()
    await expectFileCount(page, FILES)
    await expect(page.getByTestId('index-progress')).toHaveCount(0)
  } finally {
    await proxy.close()
  }
})
