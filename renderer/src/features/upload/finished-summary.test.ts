import { describe, expect, it } from 'vitest'
import type { LinksReadyEvent } from '../../../../shared/ipc/queue-events.ts'
import { englishIntl } from '../../i18n/testing/english.ts'
import { finishedSummary } from './finished-summary.ts'

const batch = (over: Partial<LinksReadyEvent>): LinksReadyEvent => ({
  type: 'links.ready',
  batchId: 'b',
  format: 'page',
  text: '',
  files: 0,
  failed: 0,
  copied: false,
  ...over,
})

describe('finishedSummary', () => {
  it('adds up every batch since the user looked: a folder of 4 then 2 single files is 6 uploaded', () => {
    const s = finishedSummary(englishIntl, [
      batch({ batchId: 'c', files: 1, copied: true }),
      batch({ batchId: 'b', files: 1 }),
      batch({ batchId: 'a', files: 4 }),
    ])
    expect(s).toEqual({
      title: 'Upload finished',
      tone: 'done',
      text: '6 files uploaded (3 uploads). The last upload’s links are on the clipboard.',
    })
    expect(finishedSummary(englishIntl, [batch({ files: 2, copied: true })]).text).toBe(
      '2 files uploaded. The links are on the clipboard.',
    )
  })

  it('counts what was already there, what failed and what was cancelled beside what went up', () => {
    expect(
      finishedSummary(englishIntl, [batch({ files: 3, alreadyThere: 1, failed: 2, cancelled: 1 })]),
    ).toEqual({
      title: 'Upload finished with errors',
      tone: 'errors',
      text: '2 files uploaded, 1 already there, 2 files failed — see the queue, 1 cancelled.',
    })
    expect(finishedSummary(englishIntl, [batch({ files: 2, alreadyThere: 2 })])).toEqual({
      title: 'Already there, nothing sent',
      tone: 'done',
      text: '2 files already there, not sent again.',
    })
  })

  it('a batch of which every upload was cancelled is no “Upload finished · 0 files uploaded”', () => {
    expect(finishedSummary(englishIntl, [batch({ cancelled: 1 })])).toEqual({
      title: 'Upload cancelled',
      tone: 'cancelled',
      text: '1 upload cancelled, nothing sent.',
    })
    // Beside a batch that did upload, the cancelled one is counted, and the card is a finished one.
    expect(finishedSummary(englishIntl, [batch({ cancelled: 1 }), batch({ files: 1 })])).toMatchObject({
      tone: 'done',
      text: '1 file uploaded, 1 cancelled (2 uploads).',
    })
  })
})
