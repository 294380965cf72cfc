import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { _electron, type ElectronApplication, expect, type Page, test } from '@playwright/test'
import { fileRow } from '../e2e/fixtures.ts'

/**
 * The packed app as a user meets it (scripts/test-electron.ts packs it first): the offline account, an upload
 * handed over from outside the window and confirmed there, its link copied, a quit while an upload runs, and
 * the upload finishing after a restart.
 */
const exe = process.env.FILEDOCK_PACKED_APP ?? ''

async function start(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ app: ElectronApplication; page: Page }> {
  const app = await _electron.launch({ executablePath: exe, args, env })
  const page = await app.firstWindow()
  await page.waitForLoadState('domcontentloaded')
  return { app, page }
}

test('the packed app: offline account, upload, copy link, quit mid-upload, and the upload resumes', async () => {
  expect(existsSync(exe), `the packed app at FILEDOCK_PACKED_APP (${exe})`).toBe(true)
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'filedock-packaged-'))
  const small = path.join(tmp, 'hello.txt')
  const big = path.join(tmp, 'big.bin')
  await fs.writeFile(small, 'hello from the packed app')
  await fs.writeFile(big, Buffer.alloc(32 * 1024 * 1024, 7))
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v
  Object.assign(env, {
    FILEDOCK_DATA_DIR: path.join(tmp, 'data'),
    FILEDOCK_KEYCHAIN_SERVICE: `filedock-smoke-${randomUUID()}`,
  })
  delete env.ELECTRON_RUN_AS_NODE
  const question = (page: Page) => page.getByRole('dialog', { name: 'Upload these to Filedock?' })

  let { app, page } = await start(env, [small])
  try {
    await page.getByRole('button', { name: 'Try it offline' }).click()
    // Handed over on the command line: asked first, uploaded on "Upload".
    await question(page).getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(fileRow(page, 'hello.txt')).toBeVisible()

    await fileRow(page, 'hello.txt').click()
    await page.keyboard.press('Control+c')
    await expect
      .poll(() => app.evaluate(({ clipboard }) => clipboard.readText()))
      .toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[a-z0-9]{12}$/)

    // A second launch hands the big file to this one; slowed down, it is still running when Filedock quits.
    await page.evaluate(() => window.filedock?.queue.setBandwidthLimit({ bytesPerSec: 256 * 1024 }))
    spawn(exe, [big], { env, stdio: 'ignore' })
    await question(page).getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(page.getByText('big.bin').first()).toBeVisible()
    // "Quit" when asked whether to quit while uploads run.
    await app.evaluate(({ dialog }) => {
      dialog.showMessageBoxSync = () => 0
    })
    await app.close()

    ;({ app, page } = await start(env))
    await page.evaluate(() => window.filedock?.queue.setBandwidthLimit({ bytesPerSec: null }))
    await expect(fileRow(page, 'big.bin')).toBeVisible({ timeout: 120_000 })
  } finally {
    await app.close().catch(() => undefined)
    await fs.rm(tmp, { recursive: true, force: true })
  }
})
