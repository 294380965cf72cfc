import { describe, expect, it } from 'vitest'
import { formatLinkPack, formatLinks } from './link-pack.ts'
import { type LinkFormat, type LinkPackEntry, linkFormats } from './links.ts'

const A = 'https://files.example'
const B = 'http://other.test:8080'

function e(over: Partial<LinkPackEntry> & { name: string }): LinkPackEntry {
  return {
    relPath: over.name,
    size: 2048,
    pageLink: `${A}/abc123def456`,
    accountLabel: 'Main',
    baseUrl: A,
    ...over,
  }
}

const pair = [
  e({ name: 'a.jpg', relPath: 'photos/a.jpg', size: 2_500_000, pageLink: `${A}/aaaaaaaaaaaa` }),
  e({
    name: 'b.txt',
    relPath: 'photos/sub/b.txt',
    size: 10,
    pageLink: `${A}/bbbbbbbbbbbb`,
    directLink: `${A}:183/d/x/b.txt`,
  }),
]

describe('formatLinkPack: one host', () => {
  it.each<[LinkFormat, string]>([
    ['page', `${A}/aaaaaaaaaaaa\n${A}/bbbbbbbbbbbb`],
    ['direct', `${A}/aaaaaaaaaaaa\n${A}:183/d/x/b.txt`],
    ['plain', `photos/a.jpg (2.5 MB) — ${A}/aaaaaaaaaaaa\nphotos/sub/b.txt (10 B) — ${A}/bbbbbbbbbbbb`],
    ['html', `<a href="${A}/aaaaaaaaaaaa">a.jpg</a><br>\n<a href="${A}/bbbbbbbbbbbb">b.txt</a><br>`],
    ['markdown', `- [a.jpg](${A}/aaaaaaaaaaaa)\n- [b.txt](${A}/bbbbbbbbbbbb)`],
    ['bbcode', `[url=${A}/aaaaaaaaaaaa]a.jpg[/url]\n[url=${A}/bbbbbbbbbbbb]b.txt[/url]`],
  ])('%s', (format, expected) => {
    expect(formatLinkPack(pair, format)).toBe(expected)
  })

  it('keeps the given order and gives empty text for no entries', () => {
    expect(formatLinkPack([...pair].reverse(), 'page')).toBe(`${A}/bbbbbbbbbbbb\n${A}/aaaaaaaaaaaa`)
    for (const format of linkFormats) expect(formatLinkPack([], format)).toBe('')
  })

  it('refuses an unknown format', () => {
    expect(() => formatLinkPack(pair, 'rtf' as LinkFormat)).toThrow(/Unknown link format/)
  })
})

describe('formatLinkPack: escaping', () => {
  const nasty = e({
    name: '<b>"Tom & Jerry\'s"</b> [1](x)*_`~|#!\\.txt',
    pageLink: `${A}/code1/<b> "q" (1) [x].html`,
  })

  it('html escapes names and attribute values', () => {
    expect(formatLinkPack([nasty], 'html')).toBe(
      `<a href="${A}/code1/%3Cb%3E%20%22q%22%20(1)%20[x].html">` +
        '&lt;b&gt;&quot;Tom &amp; Jerry&#39;s&quot;&lt;/b&gt; [1](x)*_`~|#!\\.txt</a><br>',
    )
  })

  it('markdown escapes the link text and keeps parentheses out of the destination', () => {
    expect(formatLinkPack([nasty], 'markdown')).toBe(
      '- [\\<b\\>"Tom \\& Jerry\'s"\\</b\\> \\[1\\]\\(x\\)\\*\\_\\`\\~\\|\\#\\!\\\\.txt]' +
        `(${A}/code1/%3Cb%3E%20%22q%22%20%281%29%20[x].html)`,
    )
  })

  it('bbcode neutralises brackets in names and URLs', () => {
    expect(formatLinkPack([e({ name: 'a [/url][b]x[/b].txt', pageLink: `${A}/c/[x].html` })], 'bbcode')).toBe(
      `[url=${A}/c/%5Bx%5D.html]a ［/url］［b］x［/b］.txt[/url]`,
    )
  })

  it('keeps every entry on one line', () => {
    const out = formatLinkPack([e({ name: 'line\nbreak\u2028and\ttab.txt' })], 'markdown')
    expect(out).toBe(`- [line break and tab.txt](${A}/abc123def456)`)
  })

  it('never links a URL that is not http(s)', () => {
    const evil = e({ name: 'x.txt', pageLink: 'javascript:alert(1)', directLink: 'data:text/html,hi' })
    expect(formatLinkPack([evil], 'page')).toBe('')
    expect(formatLinkPack([evil], 'direct')).toBe('')
    expect(formatLinkPack([evil], 'html')).toBe('x.txt<br>')
    expect(formatLinkPack([evil], 'markdown')).toBe('- x.txt')
    expect(formatLinkPack([evil], 'bbcode')).toBe('x.txt')
    expect(formatLinkPack([evil], 'plain')).toBe('x.txt (2.0 KB)')
    const evilDirectOnly = e({ name: 'y.txt', directLink: 'javascript:alert(1)' })
    expect(formatLinkPack([evilDirectOnly], 'direct')).toBe(`${A}/abc123def456`)
  })
})

describe('formatLinkPack: several hosts', () => {
  const mixed = [
    e({ name: 'one.txt', pageLink: `${A}/111111111111` }),
    e({ name: 'two.txt', pageLink: `${B}/222222222222`, baseUrl: B, accountLabel: 'Backup [old]' }),
    e({ name: 'three.txt', pageLink: `${A}/333333333333`, baseUrl: `${A}/`, accountLabel: 'Work' }),
  ]

  it('groups per host in order of first appearance, with a heading in each format’s style', () => {
    expect(formatLinkPack(mixed, 'markdown')).toBe(
      `### Main, Work (files.example)\n- [one.txt](${A}/111111111111)\n- [three.txt](${A}/333333333333)\n\n` +
        `### Backup \\[old\\] (other.test:8080)\n- [two.txt](${B}/222222222222)`,
    )
    expect(formatLinkPack(mixed, 'html')).toBe(
      `<h3>Main, Work (files.example)</h3>\n<a href="${A}/111111111111">one.txt</a><br>\n` +
        `<a href="${A}/333333333333">three.txt</a><br>\n\n` +
        `<h3>Backup [old] (other.test:8080)</h3>\n<a href="${B}/222222222222">two.txt</a><br>`,
    )
    expect(formatLinkPack(mixed, 'bbcode')).toBe(
      `[b]Main, Work (files.example)[/b]\n[url=${A}/111111111111]one.txt[/url]\n` +
        `[url=${A}/333333333333]three.txt[/url]\n\n` +
        `[b]Backup ［old］ (other.test:8080)[/b]\n[url=${B}/222222222222]two.txt[/url]`,
    )
    expect(formatLinkPack(mixed, 'plain')).toBe(
      `Main, Work (files.example):\none.txt (2.0 KB) — ${A}/111111111111\n` +
        `three.txt (2.0 KB) — ${A}/333333333333\n\n` +
        `Backup [old] (other.test:8080):\ntwo.txt (2.0 KB) — ${B}/222222222222`,
    )
  })

  it('gives bare-URL lists no heading, only a blank line between hosts', () => {
    expect(formatLinkPack(mixed, 'page')).toBe(`${A}/111111111111\n${A}/333333333333\n\n${B}/222222222222`)
  })
})

describe('formatLinkPack: headings', () => {
  it('names only the host when the account label says nothing more', () => {
    const out = formatLinkPack(
      [
        e({ name: 'a', accountLabel: 'files.example' }),
        e({ name: 'b', accountLabel: '', baseUrl: B, pageLink: `${B}/x` }),
      ],
      'plain',
    )
    expect(out).toBe(
      `files.example:\na (2.0 KB) — ${A}/abc123def456\n\nother.test:8080:\nb (2.0 KB) — ${B}/x`,
    )
  })
})

describe('formatLinks: the lists of links the file pane copies and drags', () => {
  it('is the page and direct pack of the same files', () => {
    const mixed = [...pair, e({ name: 'c.bin', pageLink: `${B}/cccccccccccc`, baseUrl: B })]
    for (const format of ['page', 'direct'] as const)
      expect(formatLinks(mixed, format)).toBe(formatLinkPack(mixed, format))
  })

  it('groups by the page link’s host when the entries carry no base URL', () => {
    const links = [`${A}/aaaaaaaaaaaa`, `${B}/cccccccccccc`, `${A}/bbbbbbbbbbbb`].map((pageLink) => ({
      pageLink,
    }))
    expect(formatLinks(links, 'page')).toBe(`${A}/aaaaaaaaaaaa\n${A}/bbbbbbbbbbbb\n\n${B}/cccccccccccc`)
  })

  it('lists only http(s) URLs, and a direct link where one was fetched', () => {
    const links = [
      { pageLink: 'javascript:alert(1)' },
      { pageLink: `${A}/aaaaaaaaaaaa`, directLink: 'javascript:alert(2)' },
      { pageLink: `${A}/bbbbbbbbbbbb`, directLink: `${A}:183/d/x/b.txt` },
    ]
    expect(formatLinks(links, 'page')).toBe(`${A}/aaaaaaaaaaaa\n${A}/bbbbbbbbbbbb`)
    expect(formatLinks(links, 'direct')).toBe(`${A}/aaaaaaaaaaaa\n${A}:183/d/x/b.txt`)
  })
})
