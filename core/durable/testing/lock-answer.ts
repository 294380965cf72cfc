import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { once } from 'node:events'

/**
 * What a child process taking a lock says (lock-holder.ts and core/watch's rule-lock-child.ts): "held\n" as soon
 * as it holds the lock, or its refusal once it has exited (written just before exit, so the streams are awaited).
 */
export async function lockAnswer(child: ChildProcessWithoutNullStreams): Promise<string> {
  let said = ''
  child.stdout.on('data', (d: Buffer) => {
    said += d
  })
  child.stderr.on('data', (d: Buffer) => {
    said += d
  })
  const exited = once(child, 'close')
  await Promise.race([once(child.stdout, 'data'), exited])
  if (!said.startsWith('held')) await exited
  return said
}
