/**
 * The Fetch standard's "bad ports" (https://fetch.spec.whatwg.org/#port-blocking): ports of other protocols (mail,
 * FTP, IRC, X11…) that fetch refuses to connect to, in browsers and in Node alike, without trying. Filedock's URL
 * check and the sandbox host both fetch, so a URL on one of these cannot be checked or fetched by them; knowing
 * the list lets each say so at once instead of reporting a network failure (or, for a host, none at all).
 */
export const REFUSED_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104,
  109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515,
  526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
])

/** The port of an http(s) URL that fetch refuses to connect to, or null (another port, or not a URL). */
export function refusedPort(url: string | URL): number | null {
  let u: URL
  try {
    u = typeof url === 'string' ? new URL(url) : url
  } catch {
    return null
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null
  const port = Number(u.port)
  return u.port !== '' && REFUSED_PORTS.has(port) ? port : null
}
