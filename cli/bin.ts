// The entry of the built CLI (scripts/build-cli.mjs bundles it to dist/cli/filedock.cjs; bin/filedock.mjs runs
// that). Kept apart from main.ts so tests can call run() without starting a command.
import { setReclaim } from '../core/download/read-buffers.ts'
import { interruptSignal, run } from './main.ts'
import { youngGc } from './young-gc.ts'

/** A CommonJS bundle has no top-level await: the run is this function's, and its end is process.exit. */
async function main(): Promise<never> {
  // A CLI run is short and its peak memory is what a user sees: downloads let go of their read buffers as they go.
  setReclaim(youngGc())
  const code = await run(process.argv.slice(2), process.env, interruptSignal())
  // run() awaits everything a command does (uploads, journals, the history, closing clients). What can still hold
  // the event loop is a library's idle timer (undici's 0.5 s clock), which kept every command waiting for it:
  // exit once our output is flushed.
  const flushed = (stream: NodeJS.WriteStream) =>
    new Promise<void>((resolve) => stream.write('', () => resolve()))
  await Promise.all([flushed(process.stdout), flushed(process.stderr)])
  process.exit(code)
}

void main()
