import { spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { timeCommand } from './child.ts'

/**
 * What a shell script with curl does for one file, the same three calls as the queue's essentials: upload/server,
 * the multipart POST, file/set_folder. The JSON is picked apart with shell parameter expansion, not jq or sed,
 * so the baseline pays for curl and nothing else.
 */
const SCRIPT = `#!/bin/sh
set -eu
s=$(curl -sS --fail "$BASE/api/upload/server?key=$KEY")
sess=\${s#*\\"sess_id\\":\\"}; sess=\${sess%%\\"*}
url=\${s#*\\"result\\":\\"}; url=\${url%%\\"*}
a=$(curl -sS --fail -F "sess_id=$sess" -F utype=prem -F "file_0=@$1" "$url")
code=\${a#*\\"file_code\\":\\"}; code=\${code%%\\"*}
curl -sS --fail -o /dev/null "$BASE/api/file/set_folder?key=$KEY&file_code=$code&fld_id=$FLD"
`

/** Runs the script for every file, `concurrency` at a time (xargs -P); resolves with the wall time in ms. */
export async function curlPerFile(
  dir: string,
  files: readonly string[],
  o: { baseUrl: string; apiKey: string; fldId: number; concurrency: number },
): Promise<number> {
  const script = join(dir, 'upload-one.sh')
  await writeFile(script, SCRIPT, { mode: 0o755 })
  const started = performance.now()
  const child = spawn('xargs', ['-0', '-n', '1', '-P', String(o.concurrency), 'sh', script], {
    stdio: ['pipe', 'ignore', 'inherit'],
    env: { ...process.env, BASE: o.baseUrl, KEY: o.apiKey, FLD: String(o.fldId) },
  })
  child.stdin.end(files.map((f) => `${f}\0`).join(''))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`the curl baseline failed (xargs exit code ${code})`)
  return performance.now() - started
}

/** One `curl -F` upload, timed two ways (wall ms). */
export interface CurlUpload {
  /** upload/server (its own curl process) and the `curl -F` POST, from the first spawn to the POST's exit. */
  withServerCallMs: number
  /** The `curl -F` POST alone, spawn to exit; the upload/server call was made before this timing started. */
  postOnlyMs: number
  /** The POST's peak RSS. */
  maxRssMiB: number
}

/**
 * What a curl user does for one file: upload/server, then `curl -F` to the server it names; two processes, with
 * the POST's peak RSS. Timed both ways (see CurlUpload): with the upload/server call, and the POST alone.
 */
export async function curlUploadOne(baseUrl: string, apiKey: string, path: string): Promise<CurlUpload> {
  const started = performance.now()
  const server = await timeCommand('curl', ['-sS', '--fail', `${baseUrl}/api/upload/server?key=${apiKey}`])
  const answer = JSON.parse(server.stdout) as { sess_id: string; result: string }
  const posted = performance.now()
  const sent = await timeCommand('curl', [
    '-sS',
    '--fail',
    '-F',
    `sess_id=${answer.sess_id}`,
    '-F',
    'utype=prem',
    '-F',
    `file_0=@${path}`,
    answer.result,
  ])
  const ended = performance.now()
  if (!sent.stdout.includes('"OK"'))
    throw new Error(`curl upload was not accepted: ${sent.stdout.slice(0, 200)}`)
  return { withServerCallMs: ended - started, postOnlyMs: ended - posted, maxRssMiB: sent.maxRssMiB }
}
