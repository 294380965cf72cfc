import { describe, expect, it } from 'vitest'
import { APP_INDEX_URL } from './app-protocol.ts'
import { isAppUrl, isTrustedSenderFrame, toSafeExternalUrl } from './trusted-url.ts'

describe('toSafeExternalUrl', () => {
  it('accepts plain http(s) links, normalised', () => {
    expect(toSafeExternalUrl('https://files.example.com/abc123def456')).toBe(
      'https://files.example.com/abc123def456',
    )
    expect(toSafeExternalUrl('HTTP://Example.COM')).toBe('http://example.com/')
    expect(toSafeExternalUrl('https://example.com/a b')).toBe('https://example.com/a%20b')
  })

  it('refuses other schemes, however they are dressed up', () => {
    for (const raw of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'file:///etc/passwd',
      'file://evil.example/share',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'smb://evil.example/share',
      'ms-msdt:/id',
      'mailto:a@example.com',
      'about:blank',
      'blob:https://example.com/uuid',
      'chrome://settings',
      '//evil.example/path',
      '/relative/path',
      '',
    ]) {
      expect(toSafeExternalUrl(raw), raw).toBeNull()
    }
  })

  it('refuses credentials that disguise the real host', () => {
    expect(toSafeExternalUrl('http://good.example@evil.example/')).toBeNull()
    expect(toSafeExternalUrl('https://good.example:pw@evil.example/')).toBeNull()
    expect(toSafeExternalUrl('https://good.example%40evil.example@evil.example/')).toBeNull()
  })

  it('opens what the parser saw, not what the string seems to say', () => {
    // Backslashes are slashes for special schemes: this is https://evil.example/, and says so.
    expect(toSafeExternalUrl('https:/\\evil.example')).toBe('https://evil.example/')
    expect(toSafeExternalUrl('https:\\\\evil.example\\path')).toBe('https://evil.example/path')
    // A Cyrillic "а" look-alike comes out as punycode, visibly not apple.com.
    expect(toSafeExternalUrl('https://\u0430pple.com/')).toBe('https://xn--pple-43d.com/')
    // Full-width characters are folded by the parser into the ASCII host they spell.
    expect(toSafeExternalUrl('https://ｅｘａｍｐｌｅ.com/')).toBe('https://example.com/')
    // A right-to-left override in the path is percent-encoded, so it cannot reorder what is shown.
    expect(toSafeExternalUrl('https://example.com/\u202Egpj.exe')).toBe(
      'https://example.com/%E2%80%AEgpj.exe',
    )
  })

  it('refuses hostless, unparsable, overlong and non-string input', () => {
    for (const raw of [
      'https://',
      'http://[::1',
      'https://exa mple.com',
      `https://example.com/${'a'.repeat(9000)}`,
      42,
      null,
      undefined,
      {},
    ]) {
      expect(toSafeExternalUrl(raw)).toBeNull()
    }
  })
})

describe('isAppUrl', () => {
  const app = { indexUrl: APP_INDEX_URL }

  it('accepts our index page, served at filedock://app/, with any query or fragment', () => {
    expect(APP_INDEX_URL).toBe('filedock://app/index.html')
    expect(isAppUrl(app.indexUrl, app)).toBe(true)
    expect(isAppUrl(`${app.indexUrl}#/files/0`, app)).toBe(true)
    expect(isAppUrl(`${app.indexUrl}?x=1`, app)).toBe(true)
  })

  it('refuses other files, hosts, schemes and tricks, and any dev server', () => {
    for (const raw of [
      'filedock://app/other.html',
      'filedock://evil/index.html',
      'filedock://app.evil.example/index.html',
      'filedock://app@evil/index.html',
      'file:///opt/Filedock/resources/app.asar/dist/renderer/index.html',
      'file:///tmp/index.html',
      'http://localhost:5173/',
      'http://app/index.html',
      'https://evil.example/index.html',
      'javascript:alert(1)',
      'about:blank',
      '',
    ]) {
      expect(isAppUrl(raw, app), raw).toBe(false)
    }
  })
})

describe('isTrustedSenderFrame', () => {
  const app = { indexUrl: APP_INDEX_URL }

  it('trusts only our top frame', () => {
    expect(isTrustedSenderFrame({ url: app.indexUrl, parent: null }, app)).toBe(true)
    expect(isTrustedSenderFrame({ url: app.indexUrl, parent: { url: app.indexUrl } }, app)).toBe(false)
    expect(isTrustedSenderFrame({ url: 'https://evil.example/', parent: null }, app)).toBe(false)
    expect(isTrustedSenderFrame(null, app)).toBe(false)
  })
})
