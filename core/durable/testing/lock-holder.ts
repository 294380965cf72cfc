// A second process for the pid-lock tests: takes the lock named on the command line, says so on stdout, and
// holds it until stdin closes (or reports the refusal on stderr and exits 1).
import { acquirePidLock } from '../pid-lock.ts'

const file = process.argv[2] ?? ''
try {
  const release = await acquirePidLock(
    file,
    (holder) =>
      new Error(
        `The test folder is already in use by ${holder.pid === null ? 'this process' : `process ${holder.pid}`}.`,
      ),
  )
  process.stdout.write('held\n')
  process.stdin.resume()
  process.stdin.on('end', () => {
    void release().then(() => process.exit(0))
  })
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`)
  process.exit(1)
}
