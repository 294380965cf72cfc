import fs from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { deleteFile, listFiles } from '../sandbox/testing/api-calls.ts'
import { electronMode } from './electron-app.ts'
import {
  addAccount,
  expect,
  openWithAccount,
  ref,
  savedSetting,
  startHost,
  stopHost,
  test,
} from './fixtures.ts'
import { expectStatus, openHistory } from './upload-helpers.ts'

/**
 * Verify: each uploaded file compared with its copy on the host. The folder goes up from its own paths (the
 * browser host's command-line paths, as Electron's Open with: a dropped file reaches the browser host as a staged
 * copy, which is not the user's file), so what is checked is the user's folder on disk.
 */
test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

const MiB = 1024 * 1024

/** A folder of three files; big.bin (3 MiB) is larger than the sampled windows, so a full check reads more. */
async function photos(tmp: string): Promise<string> {
  const dir = path.join(tmp, 'outside', 'photos')
  await fs.mkdir(path.join(dir, 'notes'), { recursive: true })
  await fs.writeFile(path.join(dir, 'a.jpg'), 'the bytes of a picture, '.repeat(40))
  await fs.writeFile(path.join(dir, 'notes', 'c.txt'), 'a note\n'.repeat(30))
  const big = Buffer.alloc(3 * MiB)
  for (let i = 0; i < big.length; i++) big[i] = (i * 31 + (i >> 10)) & 0xff
  await fs.writeFile(path.join(dir, 'big.bin'), big)
  return dir
}

/** Flips one byte of a local file, its size unchanged. */
async function flipByte(file: string, at: number): Promise<void> {
  const fh = await fs.open(file, 'r+')
  try {
    const byte = Buffer.alloc(1)
    await fh.read(byte, 0, 1, at)
    await fh.write(Buffer.from([(byte[0] as number) ^ 0xff]), 0, 1, at)
  } finally {
    await fh.close()
  }
}

/** Answers the "Upload these to Filedock?" question and waits until the host has the three files. */
async function uploadOutside(page: Page, sandbox: Parameters<typeof ref>[0]): Promise<void> {
  const question = page.getByRole('dialog', { name: 'Upload these to Filedock?' })
  await question.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect
    .poll(async () => (await listFiles(ref(sandbox))).map((f) => f.name).sort(), { timeout: 20_000 })
    .toEqual(['a.jpg', 'big.bin', 'c.txt'])
}

const verdict = (dialog: ReturnType<Page['getByRole']>, relPath: string) =>
  dialog.getByRole('list', { name: 'Verify results' }).getByRole('listitem', { name: relPath })

test('verify a batch from the history: all same; a file changed locally differs, and where; Full check and the report', async ({
  page,
  tmp,
  sandbox,
}) => {
  const dir = await photos(tmp)
  const host = await startHost(path.join(tmp, 'app'), [dir])
  try {
    await page.goto(host.url)
    await addAccount(page, { label: 'Sandbox', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
    await uploadOutside(page, sandbox)

    const history = await openHistory(page)
    const batch = history.getByRole('listitem', { name: /^Upload of / })
    await expect(batch).toContainText('3 files')
    await batch.getByRole('button', { name: /^Verify the upload of / }).click()
    const dialog = page.getByRole('dialog', { name: 'Verify' })
    await expect(dialog.getByTestId('verify-counts')).toContainText('3 same · sampled')
    for (const f of ['photos/a.jpg', 'photos/big.bin', 'photos/notes/c.txt'])
      await expect(verdict(dialog, f)).toContainText('same')
    await dialog.getByRole('button', { name: 'Copy report' }).click()
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toMatch(/^Verify of the upload of .*: 3 same\n/)
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    await expect(dialog).toHaveCount(0)

    // Changed on this side after the upload, and deleted on the host's side.
    await flipByte(path.join(dir, 'a.jpg'), 5)
    const middle = 1.5 * MiB + 4321
    await flipByte(path.join(dir, 'big.bin'), middle)
    const c = (await listFiles(ref(sandbox))).find((f) => f.name === 'c.txt')
    await deleteFile(ref(sandbox), c?.file_code as string)

    await batch.getByRole('button', { name: /^Verify the upload of / }).click()
    await expect(verdict(dialog, 'photos/a.jpg')).toContainText('differs at byte 5')
    await expect(verdict(dialog, 'photos/notes/c.txt')).toContainText('missing on the host')
    // (Whether the sampled windows met the change in the big file depends on where they fell; the full check says.)
    await expect(dialog.getByTestId('verify-counts')).toContainText('1 missing on the host · sampled')

    // Full check reads every byte: the change in the middle of the big file is found too, where it is.
    await dialog.getByRole('button', { name: 'Full check' }).click()
    await expect(dialog.getByTestId('verify-counts')).toContainText(
      '2 differ, 1 missing on the host · full check',
    )
    await expect(verdict(dialog, 'photos/big.bin')).toContainText(
      `differs at byte ${middle.toLocaleString('en-US')}`,
    )
    await dialog.getByRole('button', { name: 'Copy report' }).click()
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toContain(`photos/big.bin [Sandbox]\tdiffers at byte ${middle.toLocaleString('en-US')}`)
  } finally {
    await stopHost(host.child)
  }
})

test('verify after upload: the setting in Settings (off by default); on, a finished upload says its verdict', async ({
  page,
  tmp,
  sandbox,
}) => {
  const dataDir = path.join(tmp, 'app')
  const first = await startHost(dataDir)
  try {
    await page.goto(first.url)
    await addAccount(page, { label: 'Sandbox', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
    await page.getByRole('button', { name: 'Settings', exact: true }).click()
    const settings = page.getByRole('dialog', { name: 'Settings' })
    const check = settings.getByLabel(/^Verify each upload against the host/)
    await expect(check).not.toBeChecked()
    await check.click()
    await expect(check).toBeChecked()
    await expect.poll(() => savedSetting(dataDir, 'verifyAfterUpload')).toBe(true)
  } finally {
    await stopHost(first.child)
  }

  // The folder handed over at the next start goes up, and is verified by itself once it has. The restart keeps
  // the account's key: the suite runs under one Secret Service (scripts/with-keyring.sh), and the host's keychain
  // service name follows its data folder.
  const dir = await photos(tmp)
  const second = await startHost(dataDir, [dir])
  try {
    await page.goto(second.url)
    await uploadOutside(page, sandbox)
    const told = page.getByText('3 files verified same on the host')
    await expect(told).toBeVisible({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Open the report' }).click()
    const dialog = page.getByRole('dialog', { name: 'Verify' })
    await expect(dialog.getByTestId('verify-counts')).toContainText('3 same · sampled')
    await expect(verdict(dialog, 'photos/big.bin')).toContainText('same')
  } finally {
    await stopHost(second.child)
  }
})

test('a folder picked in the page: Electron verifies its files; the browser host, which got copies, says it cannot', async ({
  page,
  host,
  sandbox,
  tmp,
}) => {
  await openWithAccount(page, host, sandbox)
  const dir = path.join(tmp, 'picked')
  await fs.mkdir(dir)
  await fs.writeFile(path.join(dir, 'one.txt'), 'one')
  await page.getByTestId('upload-folder-input').setInputFiles(dir)
  await expectStatus(page, 'one.txt', 'Done')
  const history = await openHistory(page)
  await history.getByRole('button', { name: /^Verify the upload of / }).click()
  const dialog = page.getByRole('dialog', { name: 'Verify' })
  // Electron knows each picked file's path; the browser host received the bytes and staged a copy it has deleted.
  await expect(verdict(dialog, 'picked/one.txt')).toContainText(
    electronMode ? 'same' : 'not verifiable: source unknown',
  )
})
