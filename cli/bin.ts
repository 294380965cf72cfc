// The entry of the built CLI (scripts/build-cli.mjs bundles it to dist/cli/filedock.mjs; bin/filedock.mjs runs
// that). Kept apart from main.ts so tests can call run() without starting a command.
import { interruptSignal, run } from './main.ts'

process.exitCode = await run(process.argv.slice(2), process.env, interruptSignal())
