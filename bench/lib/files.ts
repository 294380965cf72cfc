import { randomBytes } from 'node:crypto'
import { open } from 'node:fs/promises'

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
