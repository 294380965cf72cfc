// Prints the suite's closing lines from the JSON reports Vitest and Playwright wrote: the first failures with the
// start of their errors, then one line `N passed, N failed` (with skipped when any). A CI log is often read from
// its end only, so the reasons are repeated there, after the reporters' own long output.
import { readFileSync } from 'node:fs'
import { machineState } from './machine-state.mjs'

const [vitestPath, playwrightPath] = process.argv.slice(2)
/** A report a runner never wrote (it crashed, or the step before it failed) counts as nothing run. */
const readReport = (path) => {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    console.log(`(no report at ${path})`)
    return null
  }
}
const vitest = readReport(vitestPath)
const playwright = readReport(playwrightPath)

const SHOWN_FAILURES = 6
const LINES_PER_ERROR = 8
// biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what is stripped
const plain = (text) => String(text).replace(/\u001b\[[0-9;]*m/g, '')
const head = (text) => plain(text).split('\n').slice(0, LINES_PER_ERROR).join('\n    ')

const failures = []
for (const file of vitest?.testResults ?? []) {
  for (const t of file.assertionResults ?? []) {
    if (t.status === 'failed')
      failures.push({ title: `${file.name} › ${t.fullName}`, error: t.failureMessages?.[0] })
  }
  // A file that failed to load has no tests, only a message.
  if ((file.assertionResults ?? []).length === 0 && file.status === 'failed')
    failures.push({ title: file.name, error: file.message })
}
const walk = (suite) => {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      const bad = (t.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped')
      if (bad)
        failures.push({
          title: `${spec.file}:${spec.line} › ${spec.title}`,
          error: bad.error?.message ?? bad.status,
          stderr: (bad.stderr ?? [])
            .map((s) => s.text ?? Buffer.from(s.buffer ?? '', 'base64').toString())
            .join(''),
        })
    }
  }
  for (const child of suite.suites ?? []) walk(child)
}
for (const suite of playwright?.suites ?? []) walk(suite)
for (const e of playwright?.errors ?? []) failures.push({ title: 'playwright', error: e.message })

if (failures.length > 0) {
  console.log(`== first ${Math.min(SHOWN_FAILURES, failures.length)} of ${failures.length} failures`)
  for (const f of failures.slice(0, SHOWN_FAILURES)) {
    console.log(`  ${f.title}\n    ${head(f.error ?? '')}`)
    const said = plain(f.stderr ?? '').trim()
    if (said !== '')
      console.log(`    stderr (tail):\n      ${said.split('\n').slice(-LINES_PER_ERROR).join('\n      ')}`)
  }
  try {
    console.log(`  machine: ${machineState()}`)
  } catch (e) {
    console.log(`  machine: not read (${e})`)
  }
}
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0)
const failed =
  (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0) + (playwright?.stats?.flaky ?? 0)
const skipped =
  (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + (playwright?.stats?.skipped ?? 0)
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`)
if (vitest === null || playwright === null || passed === 0 || failed > 0) process.exit(1)
