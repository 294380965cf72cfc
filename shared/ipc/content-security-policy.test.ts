import { describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY, thumbnailUrl } from './content-security-policy.ts'

describe('thumbnailUrl', () => {
  it('takes https anywhere and plain http only on this machine', () => {
    expect(thumbnailUrl('https://cdn.example.org/t/abc.jpg')).toBe('https://cdn.example.org/t/abc.jpg')
    expect(thumbnailUrl('http://127.0.0.1:8080/thumb/abc')).toBe('http://127.0.0.1:8080/thumb/abc')
    expect(thumbnailUrl('http://localhost:3000/t.png')).toBe('http://localhost:3000/t.png')
    expect(thumbnailUrl('http://cdn.example.org/t/abc.jpg')).toBeNull()
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
      `https://example.org/${'a'.repeat(3000)}`,
    ])
      expect(thumbnailUrl(value)).toBeNull()
  })

  it('allows in the policy exactly the sources it lets through', () => {
    const img = CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith('img-src'))
    expect(img).toBe("img-src 'self' data: https: http://127.0.0.1:* http://localhost:*")
  })
})
