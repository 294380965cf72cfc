// A second process for the rule-lock tests: takes the rule lock named on the command line (lockRule), says
// "held" on stdout and holds it until stdin closes, or writes the refusal on stderr and exits 1.
//
// With FILEDOCK_TEST_PAUSE_DIR set, it stops at the instant the lock file's name first exists on disk (right after
// the call that creates it returns), writes `paused` in that folder and waits until the test writes `go` there:
// a second process started meanwhile meets the lock exactly as it is at that instant.
import { existsSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pauseWhenCreated } from './pause-when-created.ts'

const [file = '', dir = ''] = process.argv.slice(2)
const pauseDir = process.env.FILEDOCK_TEST_PAUSE_DIR
if (pauseDir !== undefined) {
  pauseWhenCreated(resolve(file), () => {
    writeFileSync(join(pauseDir, 'paused'), String(process.pid))
    const go = join(pauseDir, 'go')
    const nap = new Int32Array(new SharedArrayBuffer(4))
    while (!existsSync(go)) Atomics.wait(nap, 0, 0, 10)
  })
}
// Imported after the hooks are in place.
const { lockRule } = await import('../rule-lock.ts')
try {
  const release = await lockRule(file, dir)
  process.stdout.write('held\n')
  process.stdin.resume()
  process.stdin.on('end', () => {
    void release().then(() => process.exit(0))
  })
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`)
  process.exit(1)
}
