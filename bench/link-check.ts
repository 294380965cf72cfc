import { spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { listFiles } from '../sandbox/testing/api-calls.ts'
import { withSeededApp } from './lib/seeded-app.ts'
import { median, medianAndMax, round } from './lib/stats.ts'

/** Links pasted into the checker: half are files on the host, half are codes it never issued. */
const LINKS = 1_000
const PER_CALL = 100

/**
 * The link checker as a user runs it: 1,000 links pasted into the page (Debian's Chromium, the browser host),
 * from the click on "Check links" to the summary with every row settled. The baseline is what a shell script
 * does with curl for the same links: files/check in POSTs of 100 URLs, one after another.
 */
export async function benchLinkCheck(work: string, rounds: number) {
  return withSeededApp({ work, name: 'link', files: LINKS / 2 }, async ({ page, sandbox }) => {
    const { baseUrl, apiKey } = sandbox
    const files = await listFiles(sandbox)
    const alive = files.map((f) => `${baseUrl}/${f.file_code}`)
    const unknown = alive.map((_, i) => `${baseUrl}/zz${String(i).padStart(10, '0')}`)
    const links = [...alive, ...unknown]

    await page.getByRole('button', { name: 'Link checker' }).click()
    await page.getByLabel('Paste links, or any text with links in it').fill(links.join('\n'))
    const summary = page.getByTestId('link-check-summary')
    const expected = `${alive.length.toLocaleString('en-US')} live links · ${unknown.length} not found`
    const app: number[] = []
    const curl: number[] = []
    for (let i = 0; i < rounds; i++) {
      // Alternating, so both see the same machine load.
      const started = performance.now()
      await page.getByRole('button', { name: 'Check links' }).click()
      await summary.filter({ hasText: expected }).waitFor({ timeout: 120_000 })
      await page.getByRole('button', { name: 'Check links' }).filter({ hasNotText: 'Checking' }).waitFor()
      app.push(performance.now() - started)
      curl.push(await curlChecks(work, baseUrl, apiKey, links))
    }
    return {
      links: links.length,
      appMs: medianAndMax(app, 0),
      curlMs: medianAndMax(curl, 0),
      ratioOfCurl: round(median(app) / median(curl), 2),
    }
  })
}

/** curl POSTs of 100 url_N fields each, in sequence; resolves with the wall time in ms. */
async function curlChecks(work: string, baseUrl: string, apiKey: string, links: string[]): Promise<number> {
  const forms: string[] = []
  for (let i = 0; i < links.length; i += PER_CALL) {
    const path = join(work, `check-${i}.form`)
    const fields = links.slice(i, i + PER_CALL).map((u, j) => `url_${j}=${encodeURIComponent(u)}`)
    await writeFile(path, [`key=${apiKey}`, ...fields].join('&'))
    forms.push(path)
  }
  const script = forms.map(
    (f) => `curl -sS --fail -o /dev/null --data-binary @${f} ${baseUrl}/api/files/check`,
  )
  const started = performance.now()
  const child = spawn('sh', ['-c', `set -e\n${script.join('\n')}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`the curl baseline failed (exit code ${code})`)
  return performance.now() - started
}
