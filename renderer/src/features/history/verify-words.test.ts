import { createIntl, createIntlCache } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { type BatchVerifyFile, type BatchVerifyReport, countStatuses } from '../../../../shared/verify.ts'
import { loadCatalogue } from '../../i18n/catalogues.ts'
import { englishIntl } from '../../i18n/testing/english.ts'
import { countsLine, fileVerdict, reportText, verdictLine } from './verify-words.ts'

const file = (relPath: string, over: Partial<BatchVerifyFile>): BatchVerifyFile => ({
  relPath,
  entryId: relPath,
  accountLabel: 'Main',
  localPath: `/home/me/${relPath}`,
  fileCode: 'abc123def456',
  status: 'same',
  localSize: 10,
  hostSize: 10,
  bytesRead: 10,
  ...over,
})

describe('verify words', () => {
  it('says where a file differs, and both sizes when they are not the same', () => {
    expect(fileVerdict(file('a', { status: 'differs', offset: 1_048_576 }), englishIntl)).toBe(
      'differs at byte 1,048,576',
    )
    expect(
      fileVerdict(file('a', { status: 'differs', offset: 10, localSize: 10, hostSize: 12 }), englishIntl),
    ).toBe('differs at byte 10 (here 10 B, on the host 12 B)')
    expect(fileVerdict(file('a', { status: 'source-unknown', localPath: null }), englishIntl)).toBe(
      'not verifiable: source unknown',
    )
    expect(fileVerdict(file('a', { status: 'failed', message: 'HTTP 500' }), englishIntl)).toBe(
      'could not be checked: HTTP 500',
    )
  })

  it('counts the verdicts present, and says all same in one line', () => {
    const all = countStatuses([file('a', {}), file('b', {})])
    expect(verdictLine(all, 2, englishIntl)).toBe('2 files verified same on the host')
    const mixed = countStatuses([
      file('a', {}),
      file('b', { status: 'differs', offset: 3 }),
      file('c', { status: 'differs', offset: 4 }),
      file('d', { status: 'missing-locally' }),
    ])
    expect(countsLine(mixed, englishIntl)).toBe('1 same, 2 differ, 1 missing locally')
    expect(verdictLine(mixed, 4, englishIntl)).toBe('1 same, 2 differ, 1 missing locally')
  })

  it('copies a report with its counts, how it read, and a line per file', () => {
    const files = [file('photos/a.jpg', {}), file('photos/b.jpg', { status: 'differs', offset: 7 })]
    const report: BatchVerifyReport = {
      verifyId: 'v1',
      batchId: 'b1',
      full: false,
      automatic: false,
      cancelled: false,
      total: 2,
      files,
      counts: countStatuses(files),
      bytesRead: 20,
    }
    expect(reportText(report, 'the upload of 27/11/2026', englishIntl)).toBe(
      [
        'Verify of the upload of 27/11/2026: 1 same, 1 differs',
        '2 of 2 files compared; sampled ranges read, 20 B from the host.',
        '',
        'photos/a.jpg [Main]\tsame',
        'photos/b.jpg [Main]\tdiffers at byte 7',
        '',
      ].join('\n'),
    )
  })

  it('copies the report in the window’s language, the paths as they are (Spanish: plurals, its list, its numbers)', async () => {
    const messages = await loadCatalogue('es')
    const spanish = createIntl({ locale: 'es', defaultLocale: 'en', messages }, createIntlCache())
    const files = [
      file('fotos/a.jpg', {}),
      file('fotos/b.jpg', { status: 'differs', offset: 1_048_576 }),
      file('fotos/c.jpg', { status: 'missing' }),
    ]
    const report: BatchVerifyReport = {
      verifyId: 'v1',
      batchId: 'b1',
      full: true,
      automatic: false,
      cancelled: true,
      total: 4,
      files,
      counts: countStatuses(files),
      bytesRead: 30,
    }
    expect(reportText(report, 'la subida del 27/11/2026', spanish).split('\n').slice(0, 5)).toEqual([
      'Verificación de la subida del 27/11/2026: 1 igual, 1 difiere y 1 falta en el servidor',
      '3 de 4 archivos comparados (cancelada); leídos byte a byte, 30 B del servidor.',
      '',
      'fotos/a.jpg [Main]\tigual',
      'fotos/b.jpg [Main]\tdifiere en el byte 1.048.576',
    ])
  })
})
