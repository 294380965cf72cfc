import { describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../../shared/ipc/content-security-policy.ts'
import {
  type ContentsLike,
  denyAllPermissions,
  hardenWebContents,
  installContentSecurityPolicy,
  type SessionLike,
} from './security.ts'

type Listener = (...args: unknown[]) => unknown

class FakeSession {
  headersListener: Listener | undefined
  requestHandler: Listener | undefined
  checkHandler: Listener | undefined
  webRequest = {
    onHeadersReceived: (listener: Listener) => {
      this.headersListener = listener
    },
  }
  setPermissionRequestHandler(handler: Listener) {
    this.requestHandler = handler
  }
  setPermissionCheckHandler(handler: Listener) {
    this.checkHandler = handler
  }
}

class FakeContents {
  readonly listeners = new Map<string, Listener>()
  openHandler: ((details: { url: string }) => { action: string }) | undefined
  on(event: string, listener: Listener) {
    this.listeners.set(event, listener)
    return this
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.openHandler = handler
  }
  /** Emits like Electron: returns whether a listener called preventDefault. */
  emitPreventable(event: string, ...args: unknown[]): boolean {
    let prevented = false
    this.listeners.get(event)?.({ preventDefault: () => (prevented = true) }, ...args)
    return prevented
  }
}

describe('installContentSecurityPolicy', () => {
  it('sets our CSP on every response, replacing one the server sent', () => {
    const session = new FakeSession()
    installContentSecurityPolicy(session as unknown as SessionLike)
    let answer: { responseHeaders: Record<string, string[]> } | undefined
    session.headersListener?.(
      { responseHeaders: { 'content-security-policy': ['default-src *'], 'X-Other': ['1'] } },
      (response: { responseHeaders: Record<string, string[]> }) => {
        answer = response
      },
    )
    expect(answer?.responseHeaders).toEqual({
      'X-Other': ['1'],
      'Content-Security-Policy': [CONTENT_SECURITY_POLICY],
    })
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https: " +
        "http://127.0.0.1:* http://localhost:*; connect-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'none'",
    )
  })
})

describe('denyAllPermissions', () => {
  it('denies every permission request and check', () => {
    const session = new FakeSession()
    denyAllPermissions(session as unknown as SessionLike)
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fullscreen',
    ]) {
      const answers: boolean[] = []
      session.requestHandler?.({}, permission, (granted: boolean) => answers.push(granted), {})
      expect(answers).toEqual([false])
      expect(session.checkHandler?.({}, permission, 'file://', {})).toBe(false)
    }
  })
})

describe('hardenWebContents', () => {
  const setup = () => {
    const contents = new FakeContents()
    const opened: string[] = []
    hardenWebContents(contents as unknown as ContentsLike, async (url) => {
      opened.push(url)
    })
    return { contents, opened }
  }

  it('prevents navigation, redirects and webviews', () => {
    const { contents } = setup()
    expect(contents.emitPreventable('will-navigate', 'https://evil.example/')).toBe(true)
    expect(contents.emitPreventable('will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(contents.emitPreventable('will-redirect', 'https://evil.example/')).toBe(true)
    expect(contents.emitPreventable('will-attach-webview', {}, {})).toBe(true)
  })

  it('denies every new window and opens only safe http(s) links in the OS browser', () => {
    const { contents, opened } = setup()
    const urls = [
      'https://files.example.com/abc123def456',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'http://good.example@evil.example/',
      'smb://evil.example/share',
      'https:/\\evil.example',
    ]
    for (const url of urls) expect(contents.openHandler?.({ url })).toEqual({ action: 'deny' })
    expect(opened).toEqual(['https://files.example.com/abc123def456', 'https://evil.example/'])
  })
})
