import { open } from 'node:fs/promises'

/**
 * Makes the renames (and new names) already done in `dir` survive a crash of the OS: fsync of the folder. The one
 * way the project does it: the data folder's atomic files, a download put in place, the sandbox's blobs.
 *
 * Where a folder cannot be fsynced the rename is as durable as the platform makes it: Windows cannot open a
 * folder for it, and some file systems (network shares, FUSE) refuse it (EISDIR, EPERM, EINVAL, EACCES).
 *
 * Not shared between callers at once (a group commit was tried for a folder of 2,000 small downloads at
 * concurrency 3: `strace -c` counted 3,994 fsyncs instead of 4,000, as each folder fsync takes ~0.4 ms and files
 * seldom end within one; the wall time did not move, and ext4 already joins concurrent fsyncs in one commit).
 */
export async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return
  let fh: Awaited<ReturnType<typeof open>> | undefined
  try {
    fh = await open(dir, 'r')
    await fh.sync()
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EACCES') throw err
  } finally {
    await fh?.close()
  }
}
