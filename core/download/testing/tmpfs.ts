import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * Small RAM disks for the tests of a full or read-only disk: `mount -t tmpfs`, which needs root (CAP_SYS_ADMIN).
 * No loop device, no image file: nothing outlives the test but an empty folder, removed with it.
 */
export function mountTmpfs(dir: string, options: string): void {
  mkdirSync(dir, { recursive: true })
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { encoding: 'utf8' })
  if (r.status !== 0)
    throw new Error(`mount -t tmpfs -o ${options} failed: ${r.error?.message ?? r.stderr.trim()}`)
}

export function unmount(dir: string): void {
  spawnSync('umount', [dir])
}

/** Null when this process may mount a tmpfs, else why not (for the message of the tests that need it). */
export function whyNoTmpfs(): string | null {
  if (process.platform !== 'linux') return `tmpfs mounts are a Linux test tool (this is ${process.platform})`
  if (process.getuid?.() !== 0) return `mounting a tmpfs needs root (running as uid ${process.getuid?.()})`
  const probe = mkdtempSync(join(tmpdir(), 'filedock-tmpfs-probe-'))
  try {
    mountTmpfs(probe, 'size=64k')
    unmount(probe)
    return null
  } catch (err) {
    return (err as Error).message
  } finally {
    rmSync(probe, { recursive: true, force: true })
  }
}
