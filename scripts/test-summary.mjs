// Prints the suite's one closing line, `N passed, N failed` (with skipped when any), from the JSON reports
// Vitest and Playwright wrote, so a reader of the log (or CI) sees the whole count in one place.
import { readFileSync } from 'node:fs'

const [vitestPath, playwrightPath] = process.argv.slice(2)
const vitest = JSON.parse(readFileSync(vitestPath, 'utf8'))
const playwright = JSON.parse(readFileSync(playwrightPath, 'utf8'))

const passed = vitest.numPassedTests + (playwright.stats?.expected ?? 0)
const failed = vitest.numFailedTests + (playwright.stats?.unexpected ?? 0) + (playwright.stats?.flaky ?? 0)
const skipped = vitest.numPendingTests + vitest.numTodoTests + (playwright.stats?.skipped ?? 0)
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`)
if (passed === 0 || failed > 0) process.exit(1)
