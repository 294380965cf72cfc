import { randomBytes } from 'node:crypto'
import { mkdir, open, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const MiB = 1024 * 1024

/**
 * Writes a file of `sizeMiB` MiB of incompressible bytes (one random MiB repeated): not sparse, so both the
 * client and curl really read it from the page cache / disk.
 */
export async function makeFile(path: string, sizeMiB: number): Promise<void> {
  const block = randomBytes(MiB)
  const handle = await open(path, 'w')
  try {
    for (let i = 0; i < sizeMiB; i++) await handle.write(block)
  } finally {
    await handle.close()
  }
}

/** `n` files of `bytes` random bytes each in `dir` (created), named clip-0000.bin…; resolves with `dir`. */
export async function smallFiles(dir: string, n: number, bytes: number): Promise<string> {
  await mkdir(dir, { recursive: true })
  for (let i = 0; i < n; i++)
    await writeFile(join(dir, `clip-${String(i).padStart(4, '0')}.bin`), randomBytes(bytes))
  return dir
}
