import { describe, expect, it } from 'vitest'
import { copyName, copyStem } from './clone-name.ts'

describe('copyName', () => {
  it('adds (copy) before the extension, then counts on', () => {
    expect(copyName('report.pdf', ['report.pdf'])).toBe('report (copy).pdf')
    expect(copyName('report.pdf', ['report.pdf', 'report (copy).pdf'])).toBe('report (copy 2).pdf')
    expect(copyName('report.pdf', ['Report (COPY).pdf', 'report (copy 2).pdf'])).toBe('report (copy 3).pdf')
  })

  it('copies of a copy count on from the original name', () => {
    expect(copyName('report (copy).pdf', ['report.pdf', 'report (copy).pdf'])).toBe('report (copy 2).pdf')
    expect(copyStem('report (copy 7).pdf')).toBe('report')
  })

  it('keeps two-part extensions, dotfiles and names without an extension whole', () => {
    expect(copyName('backup.tar.gz', [])).toBe('backup (copy).tar.gz')
    expect(copyName('.env', [])).toBe('.env (copy)')
    expect(copyName('README', [])).toBe('README (copy)')
    expect(copyName('photo.final.jpeg', [])).toBe('photo.final (copy).jpeg')
  })

  it('shortens a long stem, never the extension or the copy mark, and stays within 255 characters', () => {
    const long = `${'a'.repeat(251)}.txt`
    const name = copyName(long, [])
    expect(name.length).toBeLessThanOrEqual(255)
    expect(name.endsWith(' (copy).txt')).toBe(true)
    const emoji = `${'😀'.repeat(200)}.png`
    expect([...copyName(emoji, [])].length).toBeLessThanOrEqual(255)
  })
})
