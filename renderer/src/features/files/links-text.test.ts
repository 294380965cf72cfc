import { expect, it } from 'vitest'
import { linksText } from './links-text.ts'

const work = 'https://files.example'
const backup = 'http://backup.test:8080'

it('gives the files’ page links one per line, a blank line between hosts, and nothing that is not http(s)', () => {
  const rows = [
    { link: `${work}/aaaaaaaaaaaa` },
    { link: `${backup}/cccccccccccc` },
    { link: 'javascript:alert(1)' },
    { link: `${work}/bbbbbbbbbbbb` },
  ]
  expect(linksText(rows, 'page')).toBe(`${work}/aaaaaaaaaaaa\n${work}/bbbbbbbbbbbb\n\n${backup}/cccccccccccc`)
})

it('gives the direct links fetched, grouped by the files’ hosts', () => {
  const rows = [
    { link: `${work}/aaaaaaaaaaaa`, directLink: 'https://cdn.example/d/a.jpg' },
    { link: `${backup}/cccccccccccc`, directLink: `${backup}/d/c.bin` },
    { link: `${work}/bbbbbbbbbbbb`, directLink: 'https://cdn.example/d/b.jpg' },
  ]
  expect(linksText(rows, 'direct')).toBe(
    'https://cdn.example/d/a.jpg\nhttps://cdn.example/d/b.jpg\n\nhttp://backup.test:8080/d/c.bin',
  )
})
