import fsPromises from 'node:fs/promises'
import { syncBuiltinESMExports } from 'node:module'
import { resolve } from 'node:path'

/**
 * Test hook: calls `pause` (which blocks) right after this process creates the file `path`, by whichever call a
 * lock uses to make its name appear: an exclusive open (fs/promises open, flag 'wx') or a hard link onto the
 * name (fs/promises link), or a symbolic link made at the name (fs/promises symlink). Patches the node:fs/promises exports for the rest of the process; modules imported afterwards see the
 * patched functions.
 */
export function pauseWhenCreated(path: string, pause: () => void): void {
  const target = resolve(path)
  const open = fsPromises.open
  fsPromises.open = (async (...args: Parameters<typeof open>) => {
    const handle = await open(...args)
    if (resolve(String(args[0])) === target && args[1] === 'wx') pause()
    return handle
  }) as typeof open
  const link = fsPromises.link
  fsPromises.link = (async (existing: Parameters<typeof link>[0], created: Parameters<typeof link>[1]) => {
    await link(existing, created)
    if (resolve(String(created)) === target) pause()
  }) as typeof link
  const symlink = fsPromises.symlink
  fsPromises.symlink = (async (...args: Parameters<typeof symlink>) => {
    await symlink(...args)
    if (resolve(String(args[1])) === target) pause()
  }) as typeof symlink
  syncBuiltinESMExports()
}
