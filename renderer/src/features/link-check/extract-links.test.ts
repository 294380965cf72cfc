import { describe, expect, it } from 'vitest'
import { toCsv } from './csv.ts'
import { extractLinks } from './extract-links.ts'

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
