/**
 * Opens a host page outside the app. Only http(s) leaves: a file name or link from the host is data, and a
 * `javascript:` or `file:` URL must never be opened. In Electron, main's window-open handler sends it to the
 * system browser; in the browser host it is a new tab without opener.
 */
export function openExternal(url: string): boolean {
  if (!URL.canParse(url)) return false
  const { protocol } = new URL(url)
  if (protocol !== 'http:' && protocol !== 'https:') return false
  window.open(url, '_blank', 'noopener,noreferrer')
  return true
}
