// A run starting up, for the run-folder tests: claims the leftovers of the queue folder named on the command line,
// prints what it claimed (with the pid each claimed folder's lock names right after the claim), and lives on
// until its stdin closes, as a run busy with what it claimed would.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { claimLeftovers } from '../run-folders.ts'

const claimed = await claimLeftovers(process.argv[2] ?? '')
const locks = claimed.map((folder) => Number(readFileSync(join(folder, 'queue.lock'), 'utf8')))
process.stdout.write(`${JSON.stringify({ pid: process.pid, claimed, locks })}\n`)
process.stdin.resume()
process.stdin.on('end', () => process.exit(0))
