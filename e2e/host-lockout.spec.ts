import { apiGet } from '../sandbox/testing/api-calls.ts'
import { expect, openWithAccount, ref, test } from './fixtures.ts'
import { dragFiles, expectStatus, openQueueSettings, queueRow } from './upload-helpers.ts'

// A host that locks an account out for an hour after failed requests (send.now: "try again in 60 minutes", issue
// 19): the account's uploads wait, queued, with the time the lock-out ends on screen; none of them fails.
test('a lock-out holds the account’s uploads with the time it ends shown; none fails', async ({
  page,
  host,
  sandbox,
}) => {
  const sb = ref(sandbox)
  await openWithAccount(page, host, sandbox)
  await (await openQueueSettings(page)).getByRole('button', { name: 'Pause all' }).click()
  const names = ['a.txt', 'b.txt', 'c.txt']
  await dragFiles(
    page,
    names.map((name) => ({ name, text: name })),
  )
  for (const name of names) await expectStatus(page, name, 'Waiting')

  // One failed request and the host locks the key out.
  await sandbox.setVariant({ lockoutAfter: 1, lockoutSec: 3600 })
  await expect(apiGet(sb, 'file/rename', { file_code: 'zzzzzzzzzzzz', name: 'x' })).rejects.toThrow()
  await page.getByTestId('queue-paused').getByRole('button', { name: 'Resume transfers' }).click()

  await expect(page.getByTestId('account-held')).toContainText(
    /Uploads waiting\. Sandbox: The host has locked this account out until \d\d:\d\d/,
  )
  await expectStatus(page, 'a.txt', /Retrying/)
  for (const name of names) {
    await expect(queueRow(page, name).getByTestId('queue-item-status')).not.toContainText('Failed')
  }
})
