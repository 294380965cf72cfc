// The machine as a test run left it, in one line: a run that failed for want of disk, memory or CPU says so.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statfsSync } from 'node:fs'
import { freemem, loadavg, tmpdir, totalmem } from 'node:os'

const mib = (n) => `${Math.round(n / 2 ** 20)} MiB`

export function machineState() {
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
