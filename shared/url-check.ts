/**
 * What the client learned about a remote URL before asking a host to fetch it (core/queue/remote-probe.ts):
 * a file, a web page (an HTML document the host would store as a small .html file), or dead (no answer, or an
 * error status). `message` is in the person's words and names what happened, never an API operation.
 */
export type UrlCheck =
  | { url: string; kind: 'file'; size: number | null; contentType: string | null }
  | { url: string; kind: 'web_page'; message: string }
  | { url: string; kind: 'dead'; message: string }

/** What to do with URLs that turn out to be web pages: skip them (the default) or send them anyway. */
export type WebPageChoice = 'skip' | 'upload'

/** Default wait for a URL's server to answer the check. */
export const URL_CHECK_TIMEOUT_MS = 10_000

export const WEB_PAGE_MESSAGE =
  'This is a web page, not a file: the host would store the page itself (a small .html file), not what it links to.'
