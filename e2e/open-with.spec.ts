import fs from 'node:fs/promises'
import path from 'node:path'
import { listFiles } from '../sandbox/testing/api-calls.ts'
import { addAccount, expect, ref, startHost, stopHost, test } from './fixtures.ts'

/**
 * Files and folders handed to Filedock from outside its window (Electron's Open with / Send to / a second launch;
 * here the browser host's command-line paths, which take the same way: core/app/arrivals.ts) are shown first,
 * with how much and where to, and uploaded only when the person says so.
 */
async function outside(tmp: string): Promise<string[]> {
  const dir = path.join(tmp, 'outside')
  await fs.mkdir(path.join(dir, 'photos'), { recursive: true })
  await fs.writeFile(path.join(dir, 'report.pdf'), 'pdf-bytes')
  await fs.writeFile(path.join(dir, 'photos', 'a.jpg'), 'aaaa')
  await fs.writeFile(path.join(dir, 'photos', 'b.jpg'), 'bbbb')
  return [path.join(dir, 'report.pdf'), path.join(dir, 'photos')]
}

const question = (page: import('@playwright/test').Page) =>
  page.getByRole('dialog', { name: 'Upload these to Filedock?' })

test('paths from outside wait for an account, say what and where, and go up on "Upload"', async ({
  page,
  tmp,
  sandbox,
}) => {
  const host = await startHost(path.join(tmp, 'app'), await outside(tmp))
  try {
    await page.goto(host.url)
    await expect(page.getByRole('button', { name: 'Try it offline' })).toBeVisible()
    // Nowhere to upload yet: no question over the first-run screen.
    await expect(question(page)).toHaveCount(0)
    await addAccount(page, { label: 'Sandbox', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })

    await expect(question(page)).toContainText('3 files, 17 B, to My files on Sandbox.')
    await expect(question(page).getByRole('listitem')).toHaveText(['report.pdf', 'photos'])
    expect(await listFiles(ref(sandbox))).toEqual([])

    await question(page).getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(question(page)).toHaveCount(0)
    await expect
      .poll(async () => (await listFiles(ref(sandbox))).map((f) => f.name).sort(), { timeout: 20_000 })
      .toEqual(['a.jpg', 'b.jpg', 'report.pdf'])
  } finally {
    await stopHost(host.child)
  }
})

test('"Don’t upload" sends nothing, and the question does not come back', async ({ page, tmp, sandbox }) => {
  const host = await startHost(path.join(tmp, 'app'), await outside(tmp))
  try {
    await page.goto(host.url)
    await addAccount(page, { label: 'Sandbox', baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey })
    await question(page).getByRole('button', { name: 'Don’t upload' }).click()
    await expect(question(page)).toHaveCount(0)
    await page.reload()
    await expect(
      page.getByRole('grid', { name: 'Files' }).or(page.getByText('This folder is empty')),
    ).toBeVisible()
    await expect(question(page)).toHaveCount(0)
    expect(await listFiles(ref(sandbox))).toEqual([])
  } finally {
    await stopHost(host.child)
  }
})
