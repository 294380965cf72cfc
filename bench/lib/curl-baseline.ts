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
  /** The code the host gave the file. */
  fileCode: string
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
  // The spec's answer is the bare array [{ file_code, file_status }].
  const fileCode = (JSON.parse(sent.stdout) as { file_code: string }[])[0]?.file_code ?? ''
  return {
    withServerCallMs: ended - started,
    postOnlyMs: ended - posted,
    maxRssMiB: sent.maxRssMiB,
    fileCode,
  }
}

/**
 * What a shell script with curl does to fetch one file: file/direct_link, then a GET of the link it names into
 * `$OUT/<code>`. Picked apart with parameter expansion, as the upload script is.
 */
const DOWNLOAD_SCRIPT = `#!/bin/sh
set -eu
s=$(curl -sS --fail "$BASE/api/file/direct_link?key=$KEY&file_code=$1")
url=\${s#*\\"url\\":\\"}; url=\${url%%\\"*}
curl -sS --fail -o "$OUT/$1" "$url"
`

/** Runs the download script for every code, `concurrency` at a time (xargs -P); resolves with the wall ms. */
export async function curlDownloadPerFile(
  dir: string,
  codes: readonly string[],
  o: { baseUrl: string; apiKey: string; out: string; concurrency: number },
): Promise<number> {
  const script = join(dir, 'download-one.sh')
  await writeFile(script, DOWNLOAD_SCRIPT, { mode: 0o755 })
  const started = performance.now()
  const child = spawn('xargs', ['-0', '-n', '1', '-P', String(o.concurrency), 'sh', script], {
    stdio: ['pipe', 'ignore', 'inherit'],
    env: { ...process.env, BASE: o.baseUrl, KEY: o.apiKey, OUT: o.out },
  })
  child.stdin.end(codes.map((c) => `${c}\0`).join(''))
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`the curl download baseline failed (xargs exit code ${code})`)
  return performance.now() - started
}

/** One `curl -o` download, timed two ways (wall ms), as CurlUpload is. */
export interface CurlDownload {
  /** file/direct_link (its own curl process) and the `curl -o` GET, from the first spawn to the GET's exit. */
  withLinkCallMs: number
  /** The `curl -o` GET alone, spawn to exit; file/direct_link was called before this timing started. */
  getOnlyMs: number
  /**
   * The `curl -o` GET and then `sync FILE` (coreutils: an fsync of that file): the file on disk, as Filedock
   * leaves it (it fsyncs a download before giving it its name, so a crash never leaves a whole-looking file
   * with holes). Timed from the GET's spawn to sync's exit.
   */
  getThenSyncMs: number
  /** The GET's peak RSS. */
  maxRssMiB: number
}

/** What a curl user does for one file: file/direct_link, then `curl -o` of the link; two processes. */
export async function curlDownloadOne(
  baseUrl: string,
  apiKey: string,
  code: string,
  out: string,
): Promise<CurlDownload> {
  const started = performance.now()
  const link = await timeCommand('curl', [
    '-sS',
    '--fail',
    `${baseUrl}/api/file/direct_link?key=${apiKey}&file_code=${code}`,
  ])
  const url = (JSON.parse(link.stdout) as { result: { url: string } }).result.url
  const got = performance.now()
  const fetched = await timeCommand('curl', ['-sS', '--fail', '-o', out, url])
  const ended = performance.now()
  await timeCommand('sync', [out])
  const synced = performance.now()
  return {
    withLinkCallMs: ended - started,
    getOnlyMs: ended - got,
    getThenSyncMs: synced - got,
    maxRssMiB: fetched.maxRssMiB,
  }
}
