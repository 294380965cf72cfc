import { describe, expect, it } from 'vitest'
import {
  allowOnlyClipboardWrite,
  type ContentsLike,
  hardenWebContents,
  keepCookiesOut,
  type SessionLike,
} from './security.ts'

type Listener = (...args: unknown[]) => unknown

class FakeSession {
  sendListener: Listener | undefined
  headersListener: Listener | undefined
  requestHandler: Listener | undefined
  checkHandler: Listener | undefined
  webRequest = {
    onBeforeSendHeaders: (listener: Listener) => {
      this.sendListener = listener
    },
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

describe('keepCookiesOut', () => {
  it('sends no cookie with the window’s requests and keeps none it is given', () => {
    const session = new FakeSession()
    keepCookiesOut(session as unknown as SessionLike)
    let sent: Record<string, string> | undefined
    session.sendListener?.(
      { requestHeaders: { Cookie: 'session=abc', Accept: 'image/*' } },
      (r: { requestHeaders: Record<string, string> }) => {
        sent = r.requestHeaders
      },
    )
    expect(sent).toEqual({ Accept: 'image/*' })
    let received: Record<string, string[]> | undefined
    session.headersListener?.(
      { responseHeaders: { 'set-cookie': ['track=1'], 'Content-Type': ['image/png'] } },
      (r: { responseHeaders: Record<string, string[]> }) => {
        received = r.responseHeaders
      },
    )
    expect(received).toEqual({ 'Content-Type': ['image/png'] })
  })
})

describe('allowOnlyClipboardWrite', () => {
  const ours = { isMainFrame: true, requestingUrl: 'filedock://app/index.html#/files' }

  it('lets our page write to the clipboard (navigator.clipboard.writeText), asked or checked', () => {
    const session = new FakeSession()
    allowOnlyClipboardWrite(session as unknown as SessionLike)
    const answers: boolean[] = []
    session.requestHandler?.(
      {},
      'clipboard-sanitized-write',
      (granted: boolean) => answers.push(granted),
      ours,
    )
    expect(answers).toEqual([true])
    expect(
      session.checkHandler?.({}, 'clipboard-sanitized-write', 'filedock://app', {
        isMainFrame: true,
        requestingUrl: ours.requestingUrl,
      }),
    ).toBe(true)
  })

  it('refuses it to any other page or frame, and every other permission to everyone', () => {
    const session = new FakeSession()
    allowOnlyClipboardWrite(session as unknown as SessionLike)
    const answers: boolean[] = []
    const ask = (permission: string, details: object) =>
      session.requestHandler?.({}, permission, (granted: boolean) => answers.push(granted), details)
    ask('clipboard-sanitized-write', { isMainFrame: false, requestingUrl: ours.requestingUrl })
    ask('clipboard-sanitized-write', { isMainFrame: true, requestingUrl: 'https://evil.example/' })
    ask('clipboard-sanitized-write', { isMainFrame: true, requestingUrl: 'file:///tmp/index.html' })
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fullscreen',
    ])
      ask(permission, ours)
    expect(answers).toEqual(Array(9).fill(false))
    expect(session.checkHandler?.({}, 'clipboard-read', 'filedock://app', { isMainFrame: true })).toBe(false)
    expect(
      session.checkHandler?.({}, 'clipboard-sanitized-write', 'filedock://app', {
        isMainFrame: true,
        embeddingOrigin: 'https://evil.example',
      }),
    ).toBe(false)
    expect(
      session.checkHandler?.({}, 'clipboard-sanitized-write', 'https://evil.example', { isMainFrame: true }),
    ).toBe(false)
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
