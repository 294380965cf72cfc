import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../shared/ipc/content-security-policy.ts'

// The page carries the policy twice (the hosts' header and index.html's meta tag) and a browser applies both: an
// image, media or frame source missing from either is refused. So those rules must be the same in both.
describe("the page's own policy", () => {
  it.each(['img-src', 'media-src', 'frame-src'])(
    'allows the same %s as the header both hosts send',
    (name) => {
      const html = readFileSync(new URL('../renderer/index.html', import.meta.url), 'utf8')
      const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? ''
      const rule = (policy: string) => policy.split(/;\s*/).find((d) => d.startsWith(`${name} `))
      expect(rule(meta)).toBeDefined()
      expect(rule(meta)).toBe(rule(CONTENT_SECURITY_POLICY))
    },
  )
})
