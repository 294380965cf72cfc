import { describe, expect, it } from 'vitest'
import { toCsv } from './csv.ts'
import { extractLinks, moveLinks } from './extract-links.ts'

describe('extractLinks', () => {
  it('finds links one per line and inside sentences, Markdown and BBCode, each once, in order', () => {
    const text = [
      'https://host.example/aaaaaaaaaaaa',
      'See https://host.example/bbbbbbbbbbbb, then (https://host.example/cccccccccccc).',
      '- [a.pdf](https://host.example/aaaaaaaaaaaa)',
      '[url=https://host.example/dddddddddddd]d.zip[/url]',
      'http://other.example/x?y=1&z=2!',
    ].join('\n')
    expect(extractLinks(text)).toEqual({
      links: [
        'https://host.example/aaaaaaaaaaaa',
        'https://host.example/bbbbbbbbbbbb',
        'https://host.example/cccccccccccc',
        'https://host.example/dddddddddddd',
        'http://other.example/x?y=1&z=2',
      ],
      invalid: [],
    })
  })

  it('keeps links with credentials apart as invalid, and finds nothing in plain words', () => {
    expect(extractLinks('http://user:pw@host.example/a and ftp://host/b')).toEqual({
      links: [],
      invalid: ['http://user:pw@host.example/a'],
    })
    expect(extractLinks('no links here, just https:// and words')).toEqual({ links: [], invalid: [] })
  })
})

describe('toCsv', () => {
  it('quotes separators and quotes, and defuses spreadsheet formulas', () => {
    expect(
      toCsv(
        ['Link', 'Found'],
        [
          ['https://h/a,b', 'say "hi"'],
          ['=HYPERLINK("x")', '-1'],
        ],
      ),
    ).toBe('Link,Found\r\n"https://h/a,b","say ""hi"""\r\n"\'=HYPERLINK(""x"")",\'-1\r\n')
  })
})

describe('moveLinks (an old link pack rebuilt on the domains its hosts use now)', () => {
  const move = (link: string) => link.replace(/^https:\/\/old\.example\//, 'https://new.example/')

  it('moves every link the checker reads, in any pack format, and keeps the rest of the text', () => {
    const text = [
      'https://old.example/aaaaaaaaaaaa',
      'See https://old.example/bbbbbbbbbbbb/b.zip.html, then (https://old.example/cccccccccccc).',
      '- [a.pdf](https://old.example/aaaaaaaaaaaa)',
      '[url=https://old.example/dddddddddddd]d.zip[/url]',
      '<a href="https://old.example/eeeeeeeeeeee">e.iso</a>',
      'https://other.example/ffffffffffff and http://user:pw@old.example/x',
    ].join('\n')
    expect(moveLinks(text, move)).toEqual({
      text: [
        'https://new.example/aaaaaaaaaaaa',
        'See https://new.example/bbbbbbbbbbbb/b.zip.html, then (https://new.example/cccccccccccc).',
        '- [a.pdf](https://new.example/aaaaaaaaaaaa)',
        '[url=https://new.example/dddddddddddd]d.zip[/url]',
        '<a href="https://new.example/eeeeeeeeeeee">e.iso</a>',
        'https://other.example/ffffffffffff and http://user:pw@old.example/x',
      ].join('\n'),
      moved: 6,
    })
  })

  it('moves nothing when no link is on a former domain', () => {
    const text = 'https://new.example/aaaaaaaaaaaa, https://other.example/b'
    expect(moveLinks(text, move)).toEqual({ text, moved: 0 })
  })
})
