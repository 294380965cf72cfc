import fs from 'node:fs/promises'
import path from 'node:path'
import { deleteFile, listFiles, upload } from '../sandbox/testing/api-calls.ts'
import { addAccount, expect, openWithAccount, ref, test } from './fixtures.ts'
import {
  dragFiles,
  dropAndLand,
  dropHeld,
  expectStatus,
  hostFileNames,
  hostFolder,
  openHistory,
  openInNewFolder,
  openQueueSettings,
  openUploadMenu,
  queueRow,
  serveFile,
  setFaults,
} from './upload-helpers.ts'

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

const clipboard = (page: import('@playwright/test').Page) =>
  page.evaluate(() => navigator.clipboard.readText())

test('drop files and pick a folder: progress, mirrored folders on the host, link pack shown and copied', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  const sb = ref(sandbox)
  const incoming = await openInNewFolder(page, host, sandbox, 'Incoming')

  // Auto-copy on, and a speed limit so the progress can be watched.
  const queue = await openQueueSettings(page)
  // click + a retrying assertion, not check(): check() reads the box back at once, and the switch may show its
  // saved state a frame after the click (the settings round trip), which check() calls a failure.
  const autoCopy = queue.getByLabel('Copy links when a batch finishes')
  await autoCopy.click()
  await expect(autoCopy).toBeChecked()
  await queue.getByLabel('Speed limit (KB/s)').fill('64')
  await queue.getByLabel('Speed limit (KB/s)').press('Enter')

  await dragFiles(
    page,
    [
      { name: 'slow.bin', size: 300 * 1024 },
      { name: 'notes.txt', text: 'hello notes' },
    ],
    {
      drop: false,
    },
  )
  await expect(page.getByText('Drop to upload to Incoming on Sandbox')).toBeVisible()
  await dropHeld(page)
  await expectStatus(page, 'slow.bin', /Uploading \d+%/)
  const bar = queueRow(page, 'slow.bin').getByRole('progressbar')
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0)
  await queue.getByLabel('Speed limit (KB/s)').fill('')
  await queue.getByLabel('Speed limit (KB/s)').press('Enter')
  await expectStatus(page, 'slow.bin', 'Done')
  await expectStatus(page, 'notes.txt', 'Done')

  const card = page.getByRole('dialog', { name: 'Upload finished' })
  await expect(card.getByTestId('batch-summary')).toContainText('2 files uploaded')
  const pack = card.getByRole('textbox', { name: 'Link pack' })
  await expect(pack).toHaveValue(new RegExp(`^${sandbox.baseUrl}/[a-z0-9]+\\n${sandbox.baseUrl}/[a-z0-9]+$`))
  await expect.poll(() => clipboard(page)).toBe(await pack.inputValue())
  expect(await hostFileNames(sb, incoming)).toEqual(['notes.txt', 'slow.bin'])
  // The file list of the open folder refreshed by itself.
  await expect(
    page.getByRole('grid', { name: 'Files' }).getByRole('row', { name: /slow\.bin/ }),
  ).toBeVisible()

  // Another format, copied with the button.
  await card.getByLabel('Format').selectOption('markdown')
  await expect(pack).toHaveValue(/^- \[notes\.txt\]\(http/)
  await card.getByRole('button', { name: 'Copy' }).click()
  await expect.poll(() => clipboard(page)).toMatch(/^- \[notes\.txt\]/)
  await card.getByRole('button', { name: 'Close' }).click()

  // A folder through the Upload button's folder picker: mirrored with its name, empty of nothing.
  const album = path.join(tmp, 'album')
  await fs.mkdir(path.join(album, 'day one'), { recursive: true })
  await fs.writeFile(path.join(album, 'cover.jpg'), 'cover')
  await fs.writeFile(path.join(album, 'day one', 'beach.jpg'), 'beach')
  await page.getByTestId('upload-folder-input').setInputFiles(album)
  await expectStatus(page, 'beach.jpg', 'Done')
  await expect(
    page.getByRole('dialog', { name: 'Upload finished' }).getByTestId('batch-summary'),
  ).toContainText('2 files uploaded')
  const albumId = await hostFolder(sb, 'album', incoming)
  expect(await hostFileNames(sb, albumId)).toEqual(['cover.jpg'])
  expect(await hostFileNames(sb, await hostFolder(sb, 'day one', albumId))).toEqual(['beach.jpg'])
  await expect.poll(() => clipboard(page)).toMatch(/^- \[cover\.jpg\]|^- \[beach\.jpg\]/)
})

test('an empty file is reported at once; the rest of the drop is uploaded', async ({
  page,
  host,
  sandbox,
}) => {
  await openWithAccount(page, host, sandbox)
  await dragFiles(page, [
    { name: 'empty.txt', text: '' },
    { name: 'fine.txt', text: 'fine' },
  ])
  // A report, not a question: a notice beside the work, not a dialog in front of it.
  const problems = page.getByRole('region', { name: 'Some items were not queued' })
  await expect(problems.getByRole('list', { name: 'Upload problems' })).toContainText('Empty file')
  await expect(problems).toContainText('empty.txt')
  await expect(page.getByRole('dialog', { name: 'Some items were not queued' })).toHaveCount(0)
  await problems.getByRole('button', { name: 'Dismiss' }).click()
  await expect(problems).toHaveCount(0)
  await expectStatus(page, 'fine.txt', 'Done')
  await expect(queueRow(page, 'empty.txt')).toHaveCount(0)
  expect((await listFiles(ref(sandbox))).map((f) => f.name)).toEqual(['fine.txt'])
})

test('pause and resume the queue, and one upload in it', async ({ page, host, sandbox }) => {
  await openWithAccount(page, host, sandbox)
  const queue = await openQueueSettings(page)
  await queue.getByRole('button', { name: 'Pause all' }).click()
  await expect(page.getByTestId('queue-paused')).toContainText('Transfers are paused.')

  await dragFiles(page, [
    { name: 'one.txt', text: 'one' },
    { name: 'two.txt', text: 'two' },
  ])
  await expectStatus(page, 'one.txt', 'Waiting')
  await queueRow(page, 'one.txt').getByRole('button', { name: 'Pause one.txt' }).click()
  await expectStatus(page, 'one.txt', 'Paused')

  await page.getByTestId('queue-paused').getByRole('button', { name: 'Resume transfers' }).click()
  await expect(page.getByTestId('queue-paused')).toHaveCount(0)
  await expectStatus(page, 'two.txt', 'Done')
  await expectStatus(page, 'one.txt', 'Done')
  await expect(queue.getByTestId('queue-summary')).toContainText('2 of 2 done')

  await queue.getByRole('button', { name: 'Clear finished' }).click()
  await expect(queueRow(page, 'one.txt')).toHaveCount(0)
})

test('a refused upload shows the host’s words, and retry uploads it once there is room', async ({
  page,
  host,
  sandbox,
}) => {
  const small = await sandbox.createAccount('small@sandbox.local', { quotaBytes: 20_000 })
  const sb = { baseUrl: sandbox.baseUrl, apiKey: small.apiKey }
  await page.goto(host.url)
  await addAccount(page, { label: 'Small', baseUrl: sandbox.baseUrl, apiKey: small.apiKey })
  await expect(page.getByText('This folder is empty')).toBeVisible()
  await (await openQueueSettings(page)).getByRole('button', { name: 'Pause all' }).click()

  await dragFiles(page, [{ name: 'big.bin', size: 8_000 }])
  await expectStatus(page, 'big.bin', 'Waiting')
  // Meanwhile something else fills the account.
  const filler = await upload(sb, 'filler.bin', 'f'.repeat(15_000))
  await page.getByTestId('queue-paused').getByRole('button', { name: 'Resume transfers' }).click()
  // The host's own words, quoted in the item's status.
  await expectStatus(page, 'big.bin', /^Failed: .*Not enough storage space on the account/)

  await deleteFile(sb, filler)
  await queueRow(page, 'big.bin').getByRole('button', { name: 'Retry big.bin' }).click()
  await expectStatus(page, 'big.bin', 'Done')
  expect((await listFiles(sb)).map((f) => f.name)).toEqual(['big.bin'])
})

test('a failing host: the upload retries, saying what the host answered, and lands once it recovers', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  await openWithAccount(page, host, sandbox)
  await (await openQueueSettings(page)).getByRole('button', { name: 'Pause all' }).click()
  await dragFiles(page, [{ name: 'flaky.txt', text: 'flaky host' }])
  await expectStatus(page, 'flaky.txt', 'Waiting')

  await setFaults(sb, { error_rate: 1 })
  await page.getByTestId('queue-paused').getByRole('button', { name: 'Resume transfers' }).click()
  await expectStatus(page, 'flaky.txt', /^Retrying .*Internal server error/)
  await setFaults(sb, { error_rate: 0 })
  await expectStatus(page, 'flaky.txt', 'Done')
  expect((await listFiles(sb)).map((f) => f.name)).toEqual(['flaky.txt'])
})

test('upload history lists every upload, searches, and copies a link', async ({ page, host, sandbox }) => {
  await openWithAccount(page, host, sandbox)
  await dropAndLand(page, [
    { name: 'alpha-report.pdf', text: 'alpha' },
    { name: 'beta-photo.jpg', text: 'beta' },
  ])

  const history = await openHistory(page)
  // Uploads, not the batch heading above them: each upload has its own link to copy.
  const uploads = history
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Copy link of/ }) })
  await expect(uploads).toHaveCount(2)
  await page.getByLabel('Search upload history').fill('alpha')
  await expect(uploads).toHaveCount(1)
  await expect(history.getByRole('listitem', { name: 'alpha-report.pdf' })).toContainText(
    'My files · Sandbox',
  )
  await history.getByRole('button', { name: 'Copy link of alpha-report.pdf' }).click()
  const [alpha] = await listFiles(ref(sandbox), { name: 'alpha' })
  await expect.poll(() => clipboard(page)).toBe(`${sandbox.baseUrl}/${alpha?.file_code}`)
  await page.getByLabel('Search upload history').fill('nothing-like-this')
  await expect(page.getByText('No matches')).toBeVisible()
})

test('Add URLs… has the host fetch a file from a URL', async ({ page, host, sandbox }) => {
  const served = await serveFile('remote-notes.txt', 'fetched by the host\n'.repeat(20))
  try {
    await openWithAccount(page, host, sandbox)
    await (await openUploadMenu(page)).getByRole('menuitem', { name: 'Add URLs…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add URLs' })
    await dialog.getByLabel('URLs, one per line').fill('not a url')
    await expect(dialog.getByRole('alert')).toContainText('Line 1: not a URL')
    await dialog.getByLabel('URLs, one per line').fill(served.url)
    await dialog.getByRole('button', { name: 'Upload' }).click()
    await expectStatus(page, 'remote-notes.txt', 'Done')
    const files = await listFiles(ref(sandbox))
    expect(files.map((f) => f.name)).toEqual(['remote-notes.txt'])
  } finally {
    await served.close()
  }
})

test('an upload mirrored to two accounts lands in both', async ({ page, host, sandbox }) => {
  const second = await sandbox.createAccount('backup@sandbox.local')
  await openWithAccount(page, host, sandbox)
  await page.getByRole('button', { name: 'Accounts' }).click()
  await page.getByRole('dialog', { name: 'Accounts' }).getByRole('button', { name: 'Add account' }).click()
  await addAccount(page, { label: 'Backup', baseUrl: sandbox.baseUrl, apiKey: second.apiKey })
  await expect(page.getByRole('list', { name: 'Accounts' })).toContainText('Backup')
  await page.keyboard.press('Escape')
  // Closed (focus is given back as it closes): a menu opened while it is still closing could lose focus to that.
  await expect(page.getByRole('dialog', { name: 'Accounts' })).toHaveCount(0)

  // The account added last is the active one, and the default target; tick the other one too.
  const menu = await openUploadMenu(page)
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Backup' })).toHaveAttribute('aria-checked', 'true')
  await menu.getByRole('menuitemcheckbox', { name: 'Sandbox' }).click()
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Sandbox' })).toHaveAttribute(
    'aria-checked',
    'true',
  )
  await expect(menu.getByRole('menuitemcheckbox', { name: 'Backup' })).toHaveAttribute('aria-checked', 'true')
  await page.keyboard.press('Escape')
  await dragFiles(page, [{ name: 'shared.txt', text: 'both' }], { drop: false })
  await expect(page.getByText('Drop to upload to My files on Sandbox, Backup')).toBeVisible()
  await dropHeld(page)
  await expect(
    page.getByRole('dialog', { name: 'Upload finished' }).getByTestId('batch-summary'),
  ).toContainText('2 files uploaded')
  expect((await listFiles(ref(sandbox))).map((f) => f.name)).toEqual(['shared.txt'])
  expect((await listFiles({ baseUrl: sandbox.baseUrl, apiKey: second.apiKey })).map((f) => f.name)).toEqual([
    'shared.txt',
  ])
})
