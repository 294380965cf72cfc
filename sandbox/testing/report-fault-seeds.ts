// Vitest setup (vitest.config.ts): when a test that met injected faults fails, say which seed rolled them, so
// the failure can be replayed with FILEDOCK_FAULT_SEED.
import { beforeEach } from 'vitest'
import { faultSeedReport, takeSeedsThatRolled } from '../fault-dice.ts'

beforeEach(({ onTestFailed }) => {
  takeSeedsThatRolled()
  onTestFailed(() => {
    const report = faultSeedReport(takeSeedsThatRolled())
    if (report !== null) process.stderr.write(`${report}\n`)
  })
})
