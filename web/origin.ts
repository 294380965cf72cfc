/**
 * The browser host answers only to itself. A page on another site must not drive it (Origin check), and a
 * hostile DNS name rebound to 127.0.0.1 must not either (Host check): only the loopback names we print work.
 */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`]
}

export function isAllowedHost(host: string | undefined, port: number): boolean {
  return host !== undefined && allowedHosts(port).includes(host.toLowerCase())
}

export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  return origin !== undefined && allowedHosts(port).some((h) => origin.toLowerCase() === `http://${h}`)
}
