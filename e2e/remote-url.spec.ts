import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import type { SandboxHandle } from '../sandbox/server.ts'
import { listFiles } from '../sandbox/testing/api-calls.ts'
import { expect, type Host, openWithAccount, ref, savedSetting, test } from './fixtures.ts'
import { expectStatus, openUploadMenu, queueRow } from './upload-helpers.ts'

/** A file, a web page (a file's download page) and a dead link, served from one local web server. */
async function serveUrls(): Promise<{ base: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    if (req.url === '/slow.bin') {
      // The host's fetch takes a few seconds: long enough to read the queue row meanwhile.
      setTimeout(
        () => res.writeHead(200, { 'content-type': 'application/octet-stream' }).end('slow file\n'),
        4000,
      )
    } else if (req.url === '/report.txt') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 11 }).end('the report\n')
    } else if (req.url === '/download') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><a href="/report.txt">Download</a></html>')
    } else res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** serveUrls() up and the app open with the account for `run`; the server is closed however it ends. */
async function withServedUrls(
  page: Page,
  host: Host,
  sandbox: SandboxHandle,
  run: (web: { base: string }) => Promise<void>,
): Promise<void> {
  const web = await serveUrls()
  try {
    await openWithAccount(page, host, sandbox)
    await run(web)
  } finally {
    await web.close()
  }
}

async function addUrls(page: Page, urls: string[]): Promise<void> {
  await (await openUploadMenu(page)).getByRole('menuitem', { name: 'Add URLs…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add URLs' })
  await dialog.getByLabel('URLs, one per line').fill(urls.join('\n'))
  await dialog.getByRole('button', { name: 'Upload' }).click()
}

test('Add URLs… checks each URL first: a dead one is refused at once, a web page is asked about', async ({
  page,
  host,
  sandbox,
}) => {
  await withServedUrls(page, host, sandbox, async (web) => {
    await addUrls(page, [`${web.base}/report.txt`, `${web.base}/download`, `${web.base}/gone.zip`])

    const ask = page.getByRole('dialog', { name: 'This is a web page, not a file' })
    await expect(ask.getByRole('list', { name: 'Web pages' })).toHaveText(`${web.base}/download`)
    await expect(ask.getByRole('button', { name: 'Skip it' })).toBeFocused()
    await ask.getByRole('button', { name: 'Skip it' }).click()
    await expect(ask).toBeHidden()

    const problems = page.getByRole('list', { name: 'Upload problems' })
    await expect(problems).toContainText('The URL does not work')
    await expect(problems).toContainText(`${web.base}/gone.zip`)
    await expect(problems).toContainText('The server says there is no such file (404 Not Found).')
    await expect(problems).not.toContainText('/download')
    await expectStatus(page, 'report.txt', 'Done')
    expect((await listFiles(ref(sandbox))).map((f) => f.name)).toEqual(['report.txt'])

    // Again, choosing to send the page: it is what lands.
    await addUrls(page, [`${web.base}/download`])
    await ask.getByRole('button', { name: 'Upload anyway' }).click()
    await expectStatus(page, 'download', 'Done')
    expect((await listFiles(ref(sandbox))).map((f) => f.name).sort()).toEqual(['download', 'report.txt'])
  })
})

test('with the check turned off in Preferences, URLs are sent as given', async ({ page, host, sandbox }) => {
  await withServedUrls(page, host, sandbox, async (web) => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    const prefs = page.getByRole('region', { name: 'Preferences' })
    const check = prefs.getByRole('checkbox', { name: /Check each URL from this computer/ })
    await check.uncheck()
    await expect.poll(() => savedSetting(host.dataDir, 'checkUrls')).toBe(false)
    // The fetch time limit: a bad value is refused with a reason and not saved; a good one is.
    const limit = prefs.getByLabel(/Give up on a URL the host has not fetched after/)
    await limit.fill('0')
    await expect(prefs.getByRole('alert')).toHaveText('Give whole minutes from 1 to 1440.')
    await limit.fill('25')
    await limit.press('Enter')
    await expect.poll(() => savedSetting(host.dataDir, 'remoteTimeoutMin')).toBe(25)
    await page.keyboard.press('Escape')
    await addUrls(page, [`${web.base}/download`])
    await expectStatus(page, 'download', 'Done')
    await expect(page.getByRole('dialog', { name: 'This is a web page, not a file' })).toHaveCount(0)
    expect((await listFiles(ref(sandbox))).map((f) => f.name)).toEqual(['download'])
  })
})

test('the queue row of a URL being fetched says how long the host still gets', async ({
  page,
  host,
  sandbox,
}) => {
  await withServedUrls(page, host, sandbox, async (web) => {
    await addUrls(page, [`${web.base}/slow.bin`])
    await expect(queueRow(page, 'slow.bin')).toContainText(
      /The host is fetching it · gives up in (9 min \d+ s|10 min)/,
    )
    await expectStatus(page, 'slow.bin', 'Done')
  })
})
