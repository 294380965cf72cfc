#!/usr/bin/env node
// Launches the TypeScript CLI through tsx's loader (no build step); cli/main.ts imports commands lazily.
import { register } from 'tsx/esm/api'

register()
const { run, interruptSignal } = await import('../cli/main.ts')
process.exitCode = await run(process.argv.slice(2), process.env, interruptSignal())
