// Prints the suite's closing lines from the JSON reports Vitest and Playwright wrote: the first failures with the
// start of their errors, then one line `N passed, N failed` (with skipped when any). A CI log is often read from
// its end only, so the reasons are repeated there, after the reporters' own long output.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statfsSync } from 'node:fs'
import { freemem, loadavg, tmpdir, totalmem } from 'node:os'

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
    const said = plain(f.stderr ?? '')
      .trim()
      .split('\n')
      .slice(-LINES_PER_ERROR)
    if (said.length > 0 && said[0] !== '') console.log(`    stderr (tail):\n      ${said.join('\n      ')}`)
  }
}
/** The machine as the run left it: a run that failed for want of disk, memory or CPU says so. */
function machineState() {
  const mib = (n) => `${Math.round(n / 2 ** 20)} MiB`
  const free = (dir) => {
    const s = statfsSync(dir)
    return mib(s.bavail * s.bsize)
  }
  const processes = readdirSync('/proc').filter((n) => /^\d+$/.test(n)).length
  return [
    `load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
    cpuSinceBoot(),
    `256 MiB hashed in ${hashMs()} ms (about 130 on an idle 2-core machine here)`,
    `memory free ${mib(freemem())} of ${mib(totalmem())}`,
    `disk free ${free('.')} here, ${free(tmpdir())} in ${tmpdir()}`,
    `${processes} processes`,
  ].join(' · ')
}

/** Shares of CPU time since boot (a CI machine boots for the run): steal is time the hypervisor kept. */
function cpuSinceBoot() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number)
  const total = user + nice + system + idle + iowait + irq + softirq + steal
  const pct = (n) => `${((100 * n) / total).toFixed(1)}%`
  return `cpu since boot: busy ${pct(user + nice + system + irq + softirq)}, iowait ${pct(iowait)}, steal ${pct(steal)}`
}

/** A fixed piece of work, timed: a throttled or overcommitted machine shows here first. */
function hashMs() {
  const block = Buffer.alloc(32 * 2 ** 20, 7)
  const started = performance.now()
  for (let i = 0; i < 8; i++) createHash('sha256').update(block).digest()
  return Math.round(performance.now() - started)
}
if (failures.length > 0) {
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
