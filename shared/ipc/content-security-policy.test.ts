import { describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY, loadableFileUrl } from './content-security-policy.ts'

describe('loadableFileUrl', () => {
  it('takes https anywhere and plain http only on this machine', () => {
    expect(loadableFileUrl('https://cdn.example.org/t/abc.jpg')).toBe('https://cdn.example.org/t/abc.jpg')
    expect(loadableFileUrl('http://127.0.0.1:8080/thumb/abc')).toBe('http://127.0.0.1:8080/thumb/abc')
    expect(loadableFileUrl('http://localhost:3000/t.png')).toBe('http://localhost:3000/t.png')
    expect(loadableFileUrl('http://cdn.example.org/t/abc.jpg')).toBeNull()
  })

  it('refuses what is not a URL the page may load, or carries credentials', () => {
    for (const value of [
      null,
      '',
      '1',
      'abc.jpg',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'file:///etc/passwd',
      'ftp://example.org/a.jpg',
      'http://[::1]:3000/t.png',
      'https://user:secret@example.org/a.jpg',
      `https://example.org/${'a'.repeat(9000)}`,
    ])
      expect(loadableFileUrl(value)).toBeNull()
  })

  it('allows in the policy exactly the sources it lets through', () => {
    const rule = (name: string) => CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith(`${name} `))
    expect(rule('img-src')).toBe("img-src 'self' data: https: http://127.0.0.1:* http://localhost:*")
    expect(rule('media-src')).toBe("media-src 'self' https: http://127.0.0.1:* http://localhost:*")
    // Frames: only the page's own blob: URLs (Quick Look's PDF), never a host's page.
    expect(rule('frame-src')).toBe('frame-src blob:')
  })
})
