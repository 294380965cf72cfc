import { spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { addAccountInPage, launchChromium, startAppHost } from './app-host.ts'
import { startReady } from './lib/child.ts'
import { median, round } from './lib/stats.ts'

interface Sandbox {
  baseUrl: string
  apiKey: string
}

/** Links pasted into the checker: half are files on the host, half are codes it never issued. */
const LINKS = 1_000
const PER_CALL = 100

/**
 * The link checker as a user runs it: 1,000 links pasted into the page (Debian's Chromium, the browser host),
 * from the click on "Check links" to the summary with every row settled. The baseline is what a shell script
 * does with curl for the same links: files/check in POSTs of 100 URLs, one after another.
 */
export async function benchLinkCheck(work: string, rounds: number) {
  const sandbox = await startReady<Sandbox>('sandbox/main.ts', [
    '--port',
    '0',
    '--data',
    join(work, 'link-sb'),
    '--seed-files',
    String(LINKS / 2),
  ])
  const host = await startAppHost(join(work, 'link-host'))
  const browser = await launchChromium()
  try {
    const { baseUrl, apiKey } = sandbox.ready
    const list = await fetch(`${baseUrl}/api/file/list?key=${apiKey}&per_page=1000`)
    const files = ((await list.json()) as { result: { files: { file_code: string }[] } }).result.files
    const alive = files.map((f) => `${baseUrl}/${f.file_code}`)
    const unknown = alive.map((_, i) => `${baseUrl}/zz${String(i).padStart(10, '0')}`)
    const links = [...alive, ...unknown]

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(host.url)
    await addAccountInPage(page, { label: 'Bench', ...sandbox.ready })
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
      appMs: { median: round(median(app), 0), max: round(Math.max(...app), 0) },
      curlMs: { median: round(median(curl), 0), max: round(Math.max(...curl), 0) },
      ratioOfCurl: round(median(app) / median(curl), 2),
    }
  } finally {
    await browser.close()
    await host.stop()
    await sandbox.stop()
  }
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
