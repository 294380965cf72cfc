import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { ScanResult } from './scan-types.ts'

/** Helpers shared by the scan tests (not used by the app). */

export async function makeTempDir(prefix = 'filedock-scan-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix))
}

export async function removeTempDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
}

/** Writes `content` to root/rel, creating the folders on the way. */
export async function put(root: string, rel: string, content: string | Buffer = 'x'): Promise<string> {
  const path = join(root, rel)
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, content)
  return path
}

/** `relDir/name` of every scanned file, in result order: easy to compare as a whole. */
export function relPaths(result: ScanResult): string[] {
  return result.files.map((f) => [...f.relDir, f.name].join('/'))
}

export function problemKinds(result: ScanResult): Array<[string, string]> {
  return result.problems.map((p) => [p.kind, p.path])
}
