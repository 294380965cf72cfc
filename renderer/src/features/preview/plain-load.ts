/**
 * Whether the page may load a file's URL without CORS (a full picture, video, audio: file servers send no CORS
 * header). In the browser host the page's access cookie belongs to 127.0.0.1, which is one site for every port:
 * a plain load from a host on this machine (the sandbox, a local host) would carry it, unless the browser honours
 * the page's COEP credentialless, which sends no-CORS loads without cookies, and which is in force exactly when
 * the page is cross-origin isolated. Electron's window has no such cookie (main strips cookies from its session's
 * requests), and a host elsewhere is another site, which the cookie never goes to.
 */
export function mayLoadPlainly(url: string): boolean {
  if (window.filedock !== undefined || window.crossOriginIsolated) return true
  const host = new URL(url).hostname
  return host !== '127.0.0.1' && host !== 'localhost'
}
