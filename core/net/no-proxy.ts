import { isIP } from 'node:net'

/**
 * NO_PROXY as curl reads it: a comma-separated list; `*` alone matches every host; a name matches itself and
 * every name below it (`example.com` and `.example.com` both cover `a.example.com`); an IP address matches
 * itself and a CIDR block (`10.0.0.0/8`, as curl ≥ 7.86) the addresses in it. Case does not matter; a port in an
 * entry is ignored, as curl ignores it. Only the target's own name is compared: no resolving.
 */
export function bypassesProxy(noProxy: string | undefined, hostname: string): boolean {
  if (noProxy === undefined) return false
  const host = stripBrackets(hostname.toLowerCase()).replace(/\.$/, '')
  for (const raw of noProxy.split(',')) {
    const entry = raw.trim().toLowerCase()
    if (entry === '') continue
    if (entry === '*') return true
    const name = stripBrackets(entry.replace(/:\d+$/, '').replace(/^\*?\./, '')).replace(/\.$/, '')
    if (name.includes('/')) {
      if (inCidr(host, name)) return true
      continue
    }
    if (host === name || (isIP(host) === 0 && host.endsWith(`.${name}`))) return true
  }
  return false
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}

function inCidr(host: string, cidr: string): boolean {
  const [base = '', bitsText = ''] = cidr.split('/')
  const bits = Number(bitsText)
  if (isIP(host) !== 4 || isIP(base) !== 4 || !Number.isInteger(bits) || bits < 0 || bits > 32) return false
  const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0
  return (ipv4(host) & mask) >>> 0 === (ipv4(base) & mask) >>> 0
}

function ipv4(address: string): number {
  return address.split('.').reduce((n, part) => ((n << 8) | Number(part)) >>> 0, 0)
}
