import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../shared/ipc/content-security-policy.ts'

// The page carries the policy twice (the hosts' header and index.html's meta tag) and a browser applies both: an
// image source missing from either is refused. So the two image rules must be the same.
describe("the page's own policy", () => {
  it('allows the same images as the header both hosts send', () => {
    const html = readFileSync(new URL('../renderer/index.html', import.meta.url), 'utf8')
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? ''
    const img = (policy: string) => policy.split(/;\s*/).find((d) => d.startsWith('img-src'))
    expect(img(meta)).toBeDefined()
    expect(img(meta)).toBe(img(CONTENT_SECURITY_POLICY))
  })
})
