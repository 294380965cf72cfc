import type { WebPageChoice } from '../../../../shared/url-check.ts'
import { api } from '../../app/bridge.ts'
import { call } from '../../lib/call.ts'
import { useWebPagesQuestion } from './web-pages-question.ts'

/**
 * Before URLs are queued: checks them from this computer and, when some are web pages, asks once whether to send
 * them anyway. Skipped pages are left out here (the person chose, so they are not reported again as problems).
 * When the check cannot be made, the URLs go as given: the core checks them again while queueing.
 */
export async function askAboutWebPages(urls: string[]): Promise<{ urls: string[]; webPages: WebPageChoice }> {
  let pages: string[]
  try {
    const { results } = await call(api.queue.checkUrls({ urls }))
    pages = results.filter((r) => r.kind === 'web_page').map((r) => r.url)
  } catch {
    return { urls, webPages: 'skip' }
  }
  if (pages.length === 0) return { urls, webPages: 'skip' }
  const choice = await useWebPagesQuestion.getState().ask(pages)
  return choice === 'upload'
    ? { urls, webPages: 'upload' }
    : { urls: urls.filter((u) => !pages.includes(u)), webPages: 'skip' }
}
