import type { Writable } from 'node:stream'
import { defineMessages, type IntlShape } from '@formatjs/intl'
import { plainMessages } from '../../core/i18n/written-message.ts'
import { formatBytes } from '../../shared/format-bytes.ts'
import type { SizeUnits } from '../../shared/ipc/settings.ts'

export interface BarState {
  /** Files (and URLs) this run waits for. */
  files: number
  done: number
  failed: number
  totalBytes: number
  /** Bytes of finished files plus bytes sent of running ones. */
  doneBytes: number
  bytesPerSec: number
  etaSec: number | null
}

const m = plainMessages(
  defineMessages({
    eta: { id: 'cli.progress.eta', defaultMessage: 'ETA {time}' },
    counts: {
      id: 'cli.progress.counts',
      defaultMessage:
        '{done, number}/{files, number} done{failed, plural, =0 {} one {, # failed} other {, # failed}}',
    },
  }),
)

/**
 * One line: bar, percentage, bytes, speed, ETA, counts, in the user's language and digits, sizes in `units`;
 * shortened to fit `columns`.
 */
export function formatBar(
  s: BarState,
  columns: number,
  intl: IntlShape,
  units: SizeUnits = 'decimal',
): string {
  const ratio =
    s.totalBytes > 0
      ? Math.min(1, s.doneBytes / s.totalBytes)
      : s.files > 0
        ? (s.done + s.failed) / s.files
        : 0
  const size = (bytes: number) => formatBytes(bytes, units, intl.locale)
  const pct = intl.formatNumber(Math.floor(ratio * 100) / 100, { style: 'percent' }).padStart(4)
  const bytes = `${size(s.doneBytes)} / ${size(s.totalBytes)}`
  const speed = `${size(s.bytesPerSec)}/s`
  const eta = intl.formatMessage(m.eta, { time: s.etaSec === null ? '--:--' : clock(s.etaSec) })
  const counts = intl.formatMessage(m.counts, { done: s.done, files: s.files, failed: s.failed })
  const text = [pct, bytes, speed, eta, counts].join('  ')
  const room = columns - 1 - text.length - 3
  if (room < 10) return text.slice(0, Math.max(0, columns - 1))
  const width = Math.min(24, room)
  const filled = Math.round(ratio * width)
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${text}`
}

export function clock(sec: number): string {
  const s = Math.max(0, Math.round(sec))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const two = (n: number) => String(n).padStart(2, '0')
  return h > 0 ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`
}

type TtyLike = Writable & { isTTY?: boolean; columns?: number }

/**
 * The progress line on a terminal's stderr, redrawn at most once per `intervalMs` (100 ms: ≤ 10 per second) however
 * often the queue reports. Messages printed through `message` erase the line first and the bar comes back
 * below them. On anything but a terminal it draws nothing (`message` still prints).
 */
export class ProgressBar {
  private timer: NodeJS.Timeout | undefined
  private heartbeat: NodeJS.Timeout | undefined
  private lastDraw = -Infinity
  private shown = false
  private started = false
  private stopped = false
  /** The words of the bar, given when it starts: a run on anything but a terminal never makes them. */
  private intl: IntlShape | null = null
  readonly enabled: boolean

  constructor(
    private readonly out: TtyLike,
    private readonly state: () => BarState,
    private readonly units: SizeUnits = 'decimal',
    private readonly intervalMs = 100,
  ) {
    this.enabled = out.isTTY === true
  }

  /**
   * Draws now (synchronously: a small file can finish before any timer fires, and its run must still have shown
   * its bar) and then at least once a second, so speed and ETA move on when no event comes (a stall). Before
   * `start` nothing is drawn: the queue reports while the run is still adding, and a bar of "0/0 done" says nothing.
   */
  start(intl: IntlShape): void {
    if (!this.enabled || this.stopped || this.started) return
    this.started = true
    this.intl = intl
    this.draw()
    this.heartbeat = setInterval(() => this.update(), 1_000)
    this.heartbeat.unref()
  }

  /** Something changed: redraw soon. */
  update(): void {
    if (!this.enabled || !this.started || this.stopped || this.timer) return
    const wait = Math.max(0, this.lastDraw + this.intervalMs - performance.now())
    this.timer = setTimeout(() => {
      this.timer = undefined
      this.draw()
    }, wait)
  }

  message(line: string): void {
    this.erase()
    this.out.write(`${line}\n`)
    this.update()
  }

  /** Erases the line for good. */
  stop(): void {
    this.stopped = true
    clearInterval(this.heartbeat)
    clearTimeout(this.timer)
    this.timer = undefined
    this.erase()
  }

  private draw(): void {
    if (this.stopped || this.intl === null) return
    this.lastDraw = performance.now()
    this.out.write(`\r${formatBar(this.state(), this.out.columns || 80, this.intl, this.units)}\u001b[K`)
    this.shown = true
  }

  private erase(): void {
    if (!this.shown) return
    this.out.write('\r\u001b[2K')
    this.shown = false
  }
}
