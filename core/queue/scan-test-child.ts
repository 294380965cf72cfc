// Runs scanPaths in its own process and prints the result as JSON. scan-unreadable.test.ts starts it as an
// unprivileged user when the tests run as root, because root may read every file whatever its mode.
import { scanPaths } from './scan.ts'

const result = await scanPaths(process.argv.slice(2))
process.stdout.write(JSON.stringify(result))
