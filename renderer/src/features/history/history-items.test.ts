import { describe, expect, it } from 'vitest'
import type { HistoryEntry } from '../../../../shared/history.ts'
import { englishIntl } from '../../i18n/testing/english.ts'
import { batchWords, historyItems } from './history-items.ts'

function entry(id: string, batchId: string, finishedAt = '2026-11-23T10:00:00.000Z'): HistoryEntry {
  return {
    id,
    finishedAt,
    accountId: 'a',
    accountLabel: 'Main',
    baseUrl: 'https://files.example',
    name: `${id}.txt`,
    size: 1,
    fldId: 0,
    folderPath: '',
    fileCode: id,
    pageLink: `https://files.example/${id}`,
    batchId,
    relPath: `${id}.txt`,
  }
}

const shape = (items: ReturnType<typeof historyItems>) =>
  items.map((i) => (i.kind === 'batch' ? `[${i.batchId}: ${i.ids.join(',')}]` : i.entry.id))

describe('history items', () => {
  it('puts a heading over each batch, naming its entries', () => {
    const items = historyItems([entry('e3', 'b2'), entry('e2', 'b1'), entry('e1', 'b1')])
    expect(shape(items)).toEqual(['[b2: e3]', 'e3', '[b1: e2,e1]', 'e2', 'e1'])
    expect(items[0]).toMatchObject({ finishedAt: '2026-11-23T10:00:00.000Z' })
  })

  it('two batches finishing in turn: each run gets a heading, each heading names the whole batch', () => {
    const items = historyItems([entry('x2', 'bx'), entry('y1', 'by'), entry('x1', 'bx')])
    expect(shape(items)).toEqual(['[bx: x2,x1]', 'x2', '[by: y1]', 'y1', '[bx: x2,x1]', 'x1'])
  })

  it('a batch mirrored to several accounts downloads from the account most of its loaded files went to', () => {
    const on = (e: HistoryEntry, accountId: string): HistoryEntry => ({ ...e, accountId })
    const items = historyItems([
      on(entry('m1', 'mirror'), 'a'),
      on(entry('m2', 'mirror'), 'b'),
      on(entry('m3', 'mirror'), 'b'),
      on(entry('o1', 'other'), 'a'),
    ])
    const accounts = items.flatMap((i) => (i.kind === 'batch' ? [`${i.batchId}: ${i.accountId}`] : []))
    expect(accounts).toEqual(['mirror: b', 'other: a'])
  })

  it('nothing loaded: nothing shown', () => {
    expect(historyItems([])).toEqual([])
  })
})

describe('a batch heading’s words', () => {
  const there = (e: HistoryEntry): HistoryEntry => ({ ...e, alreadyThere: true })
  const headingOf = (entries: HistoryEntry[]) => {
    const [first] = historyItems(entries)
    if (first?.kind !== 'batch') throw new Error('no heading')
    return first
  }

  it('a drop that sent nothing (Skip them) is not “4 files”: it says they were already there', () => {
    const h = headingOf(['a', 'b', 'c', 'd'].map((id) => there(entry(id, 'skip'))))
    expect(h.alreadyThere).toBe(4)
    expect(batchWords(h, englishIntl)).toBe('4 files already there, nothing sent')
  })

  it('counts what was sent and what was already there apart, and only a batch’s own entries', () => {
    const h = headingOf([
      entry('a', 'mix'),
      there(entry('b', 'mix')),
      there(entry('c', 'other')),
      entry('d', 'mix'),
    ])
    expect(batchWords(h, englishIntl)).toBe('2 files sent · 1 already there')
    expect(batchWords(headingOf([entry('a', 'up'), entry('b', 'up')]), englishIntl)).toBe('2 files')
    expect(batchWords(headingOf([entry('a', 'one')]), englishIntl)).toBe('1 file')
  })
})
