import { ApiClient } from '../../api/client.ts'
import { IndexService } from '../index-service.ts'

/**
 * A crawl in its own process, for the test that kills it with SIGKILL mid-way: `node --import tsx crawl-child.ts
 * <db file> <base url> <account id>` with the key in FILEDOCK_API_KEY. Prints one line per progress event.
 */
const [file, baseUrl, accountId] = process.argv.slice(2)
const apiKey = process.env.FILEDOCK_API_KEY
if (file === undefined || baseUrl === undefined || accountId === undefined || apiKey === undefined) {
  process.stderr.write('usage: crawl-child.ts <db file> <base url> <account id> (key in FILEDOCK_API_KEY)\n')
  process.exit(2)
}
const client = new ApiClient({ baseUrl, apiKey })
const index = IndexService.open({
  file,
  clientFor: async () => client,
  accounts: () => [{ id: accountId, label: 'Child' }],
  emit: (event) => {
    if (event.type === 'index.progress') process.stdout.write(`${JSON.stringify(event)}\n`)
  },
  perPage: 100,
  autoCrawl: false,
})
await index.opened()
await index.crawl(accountId)
await index.close()
await client.close()
process.stdout.write('done\n')
