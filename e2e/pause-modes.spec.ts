import type { Locator, Page } from '@playwright/test'
import type { SandboxHandle } from '../sandbox/server.ts'
import { apiGet, listFiles } from '../sandbox/testing/api-calls.ts'
import { expect, type Host, openWithAccount, ref, test } from './fixtures.ts'
import { dragFiles, expectStatus, openQueueSettings, queueRow } from './upload-helpers.ts'

/** The speed limit in KB/s, as typed and confirmed with Enter; empty for none. */
async function setSpeedLimit(queue: Locator, kbPerSecond: string): Promise<void> {
  await queue.getByLabel(/Speed limit/).fill(kbPerSecond)
  await queue.getByLabel(/Speed limit/).press('Enter')
}

/** The app with the queue's settings open, sending one file at a time at 48 KB/s: slow enough to catch one running. */
async function openSlowOneAtATime(page: Page, host: Host, sandbox: SandboxHandle): Promise<Locator> {
  await openWithAccount(page, host, sandbox)
  const queue = await openQueueSettings(page)
  await setSpeedLimit(queue, '48')
  await queue.getByLabel('Transfers at once').selectOption('1')
  return queue
}

test('Pause all lets the running upload finish; Stop now interrupts one and says it starts again', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  const queue = await openSlowOneAtATime(page, host, sandbox)

  // One at a time, slowly: first.bin runs while second.bin waits.
  await dragFiles(page, [
    { name: 'first.bin', size: 96 * 1024 },
    { name: 'second.bin', size: 96 * 1024 },
  ])
  await expectStatus(page, 'first.bin', /Uploading \d+%/)
  await queue.getByRole('button', { name: 'Pause all' }).click()
  await expect(page.getByTestId('queue-paused')).toContainText(
    'Transfers already running finish; no new ones start until you resume.',
  )
  await expectStatus(page, 'first.bin', 'Done')
  await expectStatus(page, 'second.bin', 'Waiting')
  expect((await listFiles(sb)).map((f) => f.name)).toEqual(['first.bin'])

  // Resumed, second.bin runs; Stop now interrupts it and the banner says what that means.
  await page.getByTestId('queue-paused').getByRole('button', { name: 'Resume transfers' }).click()
  await expectStatus(page, 'second.bin', /Uploading \d+%/)
  await expect(
    queueRow(page, 'second.bin').getByRole('button', { name: 'Pause second.bin' }),
  ).toHaveAttribute('title', /starts again from the beginning/)
  await queue.getByRole('button', { name: 'Stop now' }).click()
  await expect(page.getByTestId('queue-paused')).toContainText(
    'start again from the beginning when you resume',
  )
  await expectStatus(page, 'second.bin', 'Waiting')
  expect((await listFiles(sb)).map((f) => f.name)).toEqual(['first.bin'])

  await setSpeedLimit(queue, '')
  await page.getByTestId('queue-paused').getByRole('button', { name: 'Resume transfers' }).click()
  await expectStatus(page, 'second.bin', 'Done')
  expect((await listFiles(sb)).map((f) => f.name).sort()).toEqual(['first.bin', 'second.bin'])
})

test("One upload's pause says it was interrupted and starts again from the beginning; resumed, it lands once", async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  const queue = await openSlowOneAtATime(page, host, sandbox)

  await dragFiles(page, [
    { name: 'running.bin', size: 96 * 1024 },
    { name: 'waiting.bin', size: 1024 },
  ])
  await expectStatus(page, 'running.bin', /Uploading \d+%/)
  // The waiting one is paused before it starts: nothing of it was sent, so it says only that it is paused.
  await queueRow(page, 'waiting.bin').getByRole('button', { name: 'Pause waiting.bin' }).click()
  await expectStatus(page, 'waiting.bin', /^Paused$/)
  await queueRow(page, 'running.bin').getByRole('button', { name: 'Pause running.bin' }).click()
  await expectStatus(
    page,
    'running.bin',
    'Paused: The upload was interrupted; it starts again from the beginning when you resume',
  )
  expect(await listFiles(sb)).toEqual([])

  await setSpeedLimit(queue, '')
  await queueRow(page, 'running.bin').getByRole('button', { name: 'Resume running.bin' }).click()
  await expectStatus(page, 'running.bin', 'Done')
  await queueRow(page, 'waiting.bin').getByRole('button', { name: 'Resume waiting.bin' }).click()
  await expectStatus(page, 'waiting.bin', 'Done')
  // Each file once, whole: the interrupted one was sent again from its first byte.
  const { files } = await apiGet<{ files: { name: string; size: number }[] }>(sb, 'file/list', {
    per_page: 1000,
  })
  expect(files.map((f) => [f.name, f.size]).sort()).toEqual([
    ['running.bin', 96 * 1024],
    ['waiting.bin', 1024],
  ])
})
