import { redactSecrets } from './redact.ts'

/** Where log lines go: stderr by default; the CLI points it at its own stderr for a run. */
export type LogSink = (line: string) => void

const toStderr: LogSink = (line) => {
  process.stderr.write(`${line}\n`)
}

let sink: LogSink = toStderr

/**
 * Sends every log line of this process to `next` until the returned function restores the previous sink. One
 * process has one stderr, so one sink: the CLI sets it for a run (its tests capture the run's stderr).
 */
export function setLogSink(next: LogSink): () => void {
  const previous = sink
  sink = next
  return () => {
    sink = previous
  }
}

/** Writes one log line, redacted (see redact.ts): no key reaches a log, whoever wrote the message. */
export const logLine: LogSink = (line) => {
  sink(redactSecrets(line))
}

export interface Logger {
  /** Something the user or a developer may want to know (a repaired file, a listening address). */
  info(message: string): void
  /** Something went wrong that Filedock carried on from; `cause` adds the error's message (and stack). */
  error(message: string, cause?: unknown): void
}

/** A logger whose lines start with `scope:` (`filedock: …`, `sandbox: …`), so a mixed stderr says who spoke. */
export function createLogger(scope: string): Logger {
  return {
    info: (message) => logLine(`${scope}: ${message}`),
    error: (message, cause) =>
      logLine(`${scope}: ${message}${cause === undefined ? '' : `: ${describeCause(cause)}`}`),
  }
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) return cause.stack ?? `${cause.name}: ${cause.message}`
  if (typeof cause === 'string') return cause
  try {
    return JSON.stringify(cause) ?? String(cause)
  } catch {
    return String(cause)
  }
}
