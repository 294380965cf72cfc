import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { englishIntl, intlFor } from '../../core/i18n/intl-for.ts'
import { clock, formatBar, ProgressBar } from './progress-bar.ts'

describe('the progress line', () => {
  it('shows bar, percentage, bytes, speed, ETA and counts within the terminal width', () => {
    const line = formatBar(
      {
        files: 40,
        done: 12,
        failed: 1,
        totalBytes: 1e9,
        doneBytes: 5e8,
        bytesPerSec: 50e6,
        etaSec: 11,
      },
      100,
      englishIntl,
    )
    expect(line).toBe(
      '[############------------]  50%  500 MB / 1.0 GB  50 MB/s  ETA 0:11  12/40 done, 1 failed',
    )
    expect(line.length).toBeLessThan(100)
  })

  it("speaks the user's language: its words, digits, decimal sign and percent sign", async () => {
    const state = {
      files: 40,
      done: 12,
      failed: 1,
      totalBytes: 1.5e9,
      doneBytes: 5e8,
      bytesPerSec: 2.5e6,
      etaSec: 400,
    }
    expect(formatBar(state, 120, await intlFor('es'))).toBe(
      '[########----------------] 33\u00a0%  500 MB / 1,5 GB  2,5 MB/s  quedan 6:40  12/40 listos, 1 fallido',
    )
    expect(formatBar(state, 120, await intlFor('tr'))).toContain(
      '%33  500 MB / 1,5 GB  2,5 MB/s  kalan 6:40  12/40 bitti, 1 başarısız',
    )
    expect(formatBar(state, 120, await intlFor('ar'))).toContain('المتبقي 6:40  اكتمل 12/40، أخفق 1')
  })

  it('drops the bar before the text on a narrow terminal, and never wraps', () => {
    const state = {
      files: 3,
      done: 0,
      failed: 0,
      totalBytes: 3000,
      doneBytes: 0,
      bytesPerSec: 0,
      etaSec: null,
    }
    expect(formatBar(state, 50, englishIntl)).toBe('  0%  0 B / 3.0 KB  0 B/s  ETA --:--  0/3 done')
    expect(formatBar(state, 20, englishIntl)).toHaveLength(19)
  })

  it('formats an ETA as m:ss or h:mm:ss', () => {
    expect([clock(0), clock(59.4), clock(61), clock(3600 * 2 + 61)]).toEqual([
      '0:00',
      '0:59',
      '1:01',
      '2:01:01',
    ])
  })
})

describe('the progress bar on a terminal', () => {
  function fakeTty() {
    const written: string[] = []
    const out = Object.assign(
      new Writable({
        write(chunk, _enc, done) {
          written.push(String(chunk))
          done()
        },
      }),
      { isTTY: true, columns: 100 },
    )
    return { out, written }
  }
  const state = (files: number) => ({
    files,
    done: 0,
    failed: 0,
    totalBytes: 10,
    doneBytes: 0,
    bytesPerSec: 0,
    etaSec: null,
  })

  it('draws nothing before start, then draws the run at once when started, and erases it on stop', async () => {
    const { out, written } = fakeTty()
    let files = 0
    const bar = new ProgressBar(out, () => state(files))
    bar.update()
    bar.message('filedock: a note')
    await new Promise((r) => setTimeout(r, 20))
    expect(written).toEqual(['filedock: a note\n'])
    files = 1
    bar.start(englishIntl)
    const drawn = written.at(-1) ?? ''
    expect(drawn.startsWith('\r[') && drawn.endsWith('\u001b[K')).toBe(true)
    expect(drawn).toMatch(/\[-+\] +0% .* 0\/1 done/)
    bar.stop()
    expect(written.at(-1)).toBe('\r\u001b[2K')
  })
})
